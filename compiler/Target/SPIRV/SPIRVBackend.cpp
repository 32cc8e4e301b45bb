//===- SPIRVBackend.cpp - The SPIR-V back end -----------------------------===//
#include "compiler/Target/SPIRV/SPIRVBackend.h"
#include "compiler/Target/SPIRV/SPIRVSerializer.h"
#include "kiln/runtime/SPIRVWords.h"

using namespace kiln;

namespace {
class SPIRVBackend final : public TargetBackend {
public:
  TargetKind getKind() const override { return TargetKind::SPIRV; }
  BinaryFormat getBinaryFormat() const override { return BinaryFormat::SPIRV; }

  llvm::Expected<std::vector<uint8_t>> serialize(
      llvm::Module &module, const BackendOptions &options,
      llvm::function_ref<void(llvm::Module &)> onOptimized) const override {
    auto words =
        serializeToSPIRV(module, options.optLevel, options.debug, onOptimized);
    if (!words)
      return words.takeError();
    return spirv::bytesFromWords(*words);
  }
};
} // namespace

const TargetBackend &kiln::getSPIRVBackend() {
  static const SPIRVBackend backend;
  return backend;
}
