//===- HostKernelABI.h - How the host driver calls a kernel -----*- C++ -*-===//
//
// The host target's kernels (BinaryFormat::HostELF, docs/cpu-backend.md)
// are ELF shared objects. For each kernel `k` of the metadata the object
// exports one C function, the *work-group function*:
//
//   void k(void *const *args, const kiln::HostWorkGroup *group);
//
// which runs every work-item of one work-group. `args[i]` points at the
// value of native argument i (KernelMetadata.h's ABI: the three range
// extents, the launch rank where taken, then each parameter's value or
// pointer and extents, the DebugRecord pointer last), as CUDA's
// kernelParams do; a buffer's argument is its host address. The compiler
// builds the function around the kernel's entry point: loads the
// arguments, then loops over the local ids, hardware axis 2 outermost and
// axis 0 (the last range dimension, SYCL's mapping) innermost, the loop
// the vectorizer works on. The runtime owns this layout; the compiler
// (compiler/Target/Host) reads it from here.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_HOSTKERNELABI_H
#define KILN_RUNTIME_HOSTKERNELABI_H

#include <cstddef>
#include <cstdint>

namespace kiln {

/// One work-group of a host launch, per hardware axis (axis 0 is range
/// dimension N-1; unused axes hold group 0 of 1 and a local range of 1).
struct HostWorkGroup {
  int64_t groupId[3];    ///< This work-group's id.
  int64_t localRange[3]; ///< The launch's work-group size.
  int64_t groupRange[3]; ///< Work-groups of the launch.
  /// Work-items of this group the function runs (1..localRange): less
  /// than localRange only in the last group of a Range launch whose
  /// extent the work-group size does not divide.
  int64_t localLimit[3];
  /// Reserved for the work-group's local memory (stage 2); null now.
  void *localMemory;
  uint64_t reserved[3];
};
static_assert(sizeof(HostWorkGroup) == 128, "HostWorkGroup is part of the ABI");

/// Field offsets in int64 units, for the compiler's loads.
inline constexpr unsigned kHostGroupIdField = 0;
inline constexpr unsigned kHostLocalRangeField = 3;
inline constexpr unsigned kHostGroupRangeField = 6;
inline constexpr unsigned kHostLocalLimitField = 9;

/// A kernel's work-group function.
using HostWorkGroupFunction = void (*)(void *const *args,
                                       const HostWorkGroup *group);

} // namespace kiln

#endif // KILN_RUNTIME_HOSTKERNELABI_H
