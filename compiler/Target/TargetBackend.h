//===- TargetBackend.h - One object per target, in a registry --*- C++ -*-===//
//
// Everything that differs per target after the kiln dialect, in one place
// (IREE's TargetBackend, cut down): the lowering hooks (TargetInfo), the
// option checks, the device libraries it links, the serializer and the
// binary format the runtime loads. The compile path (compiler/Pipeline)
// asks the registry for the back end of its target and never tests the
// target itself. Part of KilnTargetCodegen: lowering alone (KilnToLLVM,
// kiln-opt) needs only TargetInfo.h.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_TARGETBACKEND_H
#define KILN_COMPILER_TARGET_TARGETBACKEND_H

#include "compiler/Target/TargetInfo.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/KernelMetadata.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kiln {

/// What code generation takes from a compile's options.
struct BackendOptions {
  /// Device architecture (PTX: "sm_90"); ignored by targets without one.
  std::string arch;
  unsigned optLevel = 2; ///< 0..3, as -O.
  /// Debug mode: line information in the binary.
  bool debug = false;
  /// CUDA's libdevice; empty: $KILN_LIBDEVICE, then the CUDA install.
  std::string libdevicePath;
};

/// A device library a back end links (BitcodeLinker.h).
struct DeviceLibrary {
  std::string name; ///< How messages and cache keys name it ("libdevice").
  std::string path; ///< Its file; empty when it was not found.
};

class TargetBackend {
public:
  virtual ~TargetBackend() = default;

  virtual TargetKind getKind() const = 0;
  /// The name tools and the pass options use ("ptx", "spirv").
  llvm::StringRef getName() const { return targetKindName(getKind()); }
  /// What the serializer produces, as the runtime's binaries name it.
  virtual BinaryFormat getBinaryFormat() const = 0;

  /// The hooks kiln→LLVM lowering asks (TargetInfo.h).
  std::unique_ptr<TargetInfo> createTargetInfo() const {
    return kiln::createTargetInfo(getKind());
  }

  /// The architecture compiled for when none is given; empty when the
  /// target has no architecture (its binaries run on every device).
  virtual llvm::StringRef getDefaultArch() const { return {}; }
  /// Whether BackendOptions::arch selects the code (and so belongs in a
  /// binary's description and its cache key).
  bool hasArch() const { return !getDefaultArch().empty(); }
  /// What `arch` selects, for a cache key: the arch itself, but the
  /// host's "native" with the machine it resolves to (CPU, features).
  virtual std::string describeArch(llvm::StringRef arch) const {
    return arch.str();
  }
  /// Checks the options this target reads: an error naming the bad value
  /// and what is accepted.
  virtual llvm::Error checkOptions(const BackendOptions &options) const {
    return llvm::Error::success();
  }

  /// The device libraries this target links when a kernel needs them
  /// (PTX: libdevice), as found now: what a cache key must cover.
  virtual std::vector<DeviceLibrary>
  getDeviceLibraries(const BackendOptions &options) const {
    return {};
  }
  /// Links the device libraries `module` needs, after user bitcode and
  /// before -O (BitcodeLinker.h).
  virtual llvm::Error linkDeviceLibraries(llvm::Module &module,
                                          const BackendOptions &options) const {
    return llvm::Error::success();
  }

  /// Optimises `module` (whose triple is TargetInfo::getTriple()) and
  /// returns the binary. `onOptimized`, when set, sees the optimised LLVM
  /// IR before code generation.
  virtual llvm::Expected<std::vector<uint8_t>>
  serialize(llvm::Module &module, const BackendOptions &options,
            llvm::function_ref<void(llvm::Module &)> onOptimized) const = 0;
};

/// The back end of `kind` (every TargetKind has one).
const TargetBackend &getTargetBackend(TargetKind kind);
/// The back end named `name`, or nullptr.
const TargetBackend *lookupTargetBackend(llvm::StringRef name);
/// Every back end, in TargetKind order.
llvm::ArrayRef<const TargetBackend *> getTargetBackends();
/// The back end whose binaries the runtime's `driver` loads (CUDA: PTX;
/// OpenCL and Level Zero: SPIR-V; host: host): what a tool compiles for a
/// device.
const TargetBackend &getTargetBackendForDriver(Backend driver);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_TARGETBACKEND_H
