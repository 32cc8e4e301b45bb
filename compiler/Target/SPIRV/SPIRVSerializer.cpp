//===- SPIRVSerializer.cpp - LLVM IR → SPIR-V -----------------------------===//
#include "compiler/Target/SPIRV/SPIRVSerializer.h"
#include "compiler/Target/LLVMCodegen.h"
#include "compiler/Target/SPIRV/SPIRVCompat.h"
#include "compiler/Target/SPIRV/SPIRVConstantAddresses.h"
#include "compiler/Target/SPIRV/SPIRVEmitProcess.h"
#include "compiler/Target/SPIRV/SPIRVLegalizeIR.h"
#include "compiler/Target/SPIRV/SPIRVLineInfo.h"
#include "kiln/runtime/SPIRVWords.h"

#include <cstring>

using namespace kiln;

llvm::Expected<std::vector<uint32_t>>
kiln::serializeToSPIRV(llvm::Module &module, unsigned optLevel, bool lineInfo,
                       llvm::function_ref<void(llvm::Module &)> onOptimized) {
  auto machine = createTargetMachine(module.getTargetTriple().str(), "",
                                     /*features=*/"", optLevel);
  if (!machine)
    return machine.takeError();
  optimizeModule(module, **machine, optLevel);
  // What the back end or the SPIR path for PoCL gets wrong is rewritten
  // first (SPIRVLegalizeIR.h); the optimised-IR stage shows the result.
  legalizeIRForSPIRV(module, **machine);
  if (onOptimized)
    onOptimized(module);
  // Constant global addresses outside the entry block get mistyped by the
  // back end (SPIRVConstantAddresses.h); give it instructions instead.
  materializeGlobalAddresses(module);
  // Debug mode: the back end drops DILocations, so lines travel as names.
  std::vector<std::string> lineFiles;
  if (lineInfo)
    lineFiles = markInstructionLines(module);
  // The back end's process-wide state must not outlive one module
  // (SPIRVEmitProcess.h): it runs in a child process.
  auto bytes = emitInChildProcess([&] {
    return withoutLateIRPasses([&] {
      return emitSPIRVWithNames(!lineFiles.empty(), [&] {
        return emitModule(module, **machine, llvm::CodeGenFileType::ObjectFile);
      });
    });
  });
  if (!bytes)
    return bytes.takeError();
  if (bytes->size() % 4 != 0 || bytes->size() < 4 * spirv::kHeaderWords)
    return llvm::createStringError("the SPIR-V back end produced " +
                                   std::to_string(bytes->size()) +
                                   " bytes, not a SPIR-V module");
  std::vector<uint32_t> words(bytes->size() / 4);
  std::memcpy(words.data(), bytes->data(), bytes->size());
  if (llvm::Error error = makeTranslatorCompatible(words))
    return error;
  if (llvm::Error error = insertSPIRVLineInfo(words, lineFiles))
    return error;
  return words;
}
