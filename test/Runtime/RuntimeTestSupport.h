//===- RuntimeTestSupport.h - Shared pieces of the runtime tests -*- C++
//-*-===//
//
// Test kernels built at build time (their binaries and the metadata the
// compiler would emit for them), a fake device for checking launches
// without hardware, and gtest helpers for Status values.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TEST_RUNTIME_RUNTIMETESTSUPPORT_H
#define KILN_TEST_RUNTIME_RUNTIMETESTSUPPORT_H

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/Status.h"

#include <gtest/gtest.h>

#include <string>

namespace kiln::test {

/// Metadata of the kernel `saxpy(a: float32, x: float32[1], y: float32[1])`.
KernelMetadata saxpyMetadata();
/// Metadata of `add2d(a: int32[2], b: int32[2], c: int32[2])`.
KernelMetadata add2dMetadata();

/// `scale_add(a: float32, x: float32[1], y: float32[1])`: y = y * a + x.
KernelMetadata scaleAddMetadata();
/// `reverse_in_group(nd: NdItem, x: float32[1], y: float32[1],
/// tile: LocalAccessor[float32, 1])`: reverses x within each work-group.
KernelMetadata reverseInGroupMetadata();
/// `checked_store(u: float32[2], i: int64, j: int64, v: float32)`, a
/// debug-mode kernel storing u[i, j] = v (line 12, column 9).
KernelMetadata checkedStoreMetadata();
/// `spin(y: float32[1], steps: int64)`: a slow kernel.
KernelMetadata spinMetadata();

/// The bytes of a kernel file built into the test kernel directory
/// ($KILN_TEST_KERNEL_DIR wins); NotFound if it was not built.
StatusOr<std::vector<uint8_t>> readKernelFile(const std::string &name);

/// The SPIR-V test module (saxpy, add2d, scale_add, reverse_in_group,
/// checked_store, spin); fails if it was not built.
StatusOr<KernelBinary> spirvTestBinary();
/// The PTX test module (saxpy, reverse_in_group, checked_store); fails if
/// it was not built.
StatusOr<KernelBinary> ptxTestBinary();
/// The same kernels for the host device (kernels/host_kernels.cpp, a
/// shared object of work-group functions).
StatusOr<KernelBinary> hostTestBinary();

/// A device that only exists for argument checking: allocations carry a
/// size but no memory; queues and executables are unimplemented.
class FakeDevice final : public Device {
public:
  /// `localMemSize` 0: no local memory limit is checked. `addressable`:
  /// buffers have device addresses (their object's address).
  explicit FakeDevice(std::string selector, size_t localMemSize = 0,
                      bool addressable = false);
  /// A fake device with exactly `info` (e.g. launch-attribute capabilities).
  explicit FakeDevice(DeviceInfo info);
  StatusOr<std::shared_ptr<Buffer>> allocateBuffer(size_t bytes) override;
  StatusOr<std::shared_ptr<Queue>> createQueue() override;
  StatusOr<std::shared_ptr<Executable>>
  loadExecutable(const KernelBinary &binary) override;
};

/// A kernel of a FakeDevice with the given metadata.
std::shared_ptr<Kernel> fakeKernel(const Device &device,
                                   KernelMetadata metadata);

} // namespace kiln::test

/// Fails the test with the status' message unless it is ok.
#define ASSERT_OK(expr)                                                        \
  do {                                                                         \
    ::kiln::Status kilnTestStatus_ = (expr);                                   \
    ASSERT_TRUE(kilnTestStatus_.ok()) << kilnTestStatus_.toString();           \
  } while (0)

/// Unwraps a StatusOr into `lhs`, failing the test on error.
#define ASSERT_OK_AND_ASSIGN(lhs, expr)                                        \
  auto lhs##OrError = (expr);                                                  \
  ASSERT_TRUE(lhs##OrError.ok()) << lhs##OrError.status().toString();          \
  auto lhs = std::move(lhs##OrError).value()

#endif // KILN_TEST_RUNTIME_RUNTIMETESTSUPPORT_H
