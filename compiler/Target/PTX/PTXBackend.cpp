//===- PTXBackend.cpp - The PTX back end ----------------------------------===//
#include "compiler/Target/PTX/PTXBackend.h"
#include "compiler/Target/BitcodeLinker.h"
#include "compiler/Target/PTX/PTXSerializer.h"

using namespace kiln;

namespace {
class PTXBackend final : public TargetBackend {
public:
  TargetKind getKind() const override { return TargetKind::PTX; }
  BinaryFormat getBinaryFormat() const override { return BinaryFormat::PTX; }
  llvm::StringRef getDefaultArch() const override { return kDefaultCudaArch; }

  llvm::Error checkOptions(const BackendOptions &options) const override {
    if (isValidCudaArch(options.arch))
      return llvm::Error::success();
    return llvm::createStringError("unknown CUDA architecture '" +
                                   options.arch +
                                   "' (expected e.g. sm_80, sm_90, sm_90a)");
  }

  std::vector<DeviceLibrary>
  getDeviceLibraries(const BackendOptions &options) const override {
    return {{"libdevice", findLibdevice(options.libdevicePath)}};
  }

  llvm::Error
  linkDeviceLibraries(llvm::Module &module,
                      const BackendOptions &options) const override {
    return linkLibdeviceIfNeeded(module, options.libdevicePath, options.arch);
  }

  llvm::Expected<std::vector<uint8_t>> serialize(
      llvm::Module &module, const BackendOptions &options,
      llvm::function_ref<void(llvm::Module &)> onOptimized) const override {
    auto ptx =
        serializeToPTX(module, options.arch, options.optLevel, onOptimized);
    if (!ptx)
      return ptx.takeError();
    return std::vector<uint8_t>(ptx->begin(), ptx->end());
  }
};
} // namespace

const TargetBackend &kiln::getPTXBackend() {
  static const PTXBackend backend;
  return backend;
}
