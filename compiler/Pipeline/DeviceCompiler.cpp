//===- DeviceCompiler.cpp - kiln module → device binary -------------------===//
#include "compiler/Pipeline/DeviceCompiler.h"
#include "compiler/Pipeline/KernelMetadataFromKiln.h"
#include "compiler/Target/LLVMCodegen.h"
#include "compiler/Target/PTX/PTXSerializer.h"
#include "compiler/Target/SPIRV/SPIRVSerializer.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/LLVMContext.h"

#include <chrono>
#include <cstring>

using namespace mlir;
using namespace kiln;

LogicalResult kiln::selectKernel(ModuleOp module, llvm::StringRef name) {
  SmallVector<Operation *> others;
  std::string available;
  bool found = false;
  for (auto kernel : module.getOps<kiln::KernelOp>()) {
    available += (available.empty() ? "" : ", ") + kernel.getSymName().str();
    if (kernel.getSymName() == name)
      found = true;
    else
      others.push_back(kernel);
  }
  if (!found)
    return module.emitError("no kernel named '")
           << name << "' (available: "
           << (available.empty() ? "none" : available) << ")";
  for (Operation *op : others)
    op->erase();
  return success();
}

namespace {
/// Milliseconds since `start`, restarting the clock.
double lap(std::chrono::steady_clock::time_point &start) {
  auto now = std::chrono::steady_clock::now();
  double ms = std::chrono::duration<double, std::milli>(now - start).count();
  start = now;
  return ms;
}

llvm::Error stageError(llvm::StringRef stage) {
  return llvm::createStringError(("compilation failed during " + stage).str());
}

llvm::Expected<std::vector<uint8_t>>
generateDeviceCode(llvm::Module &module, const CompileOptions &options,
                   const StageHooks &hooks, bool &stopped) {
  auto observe = [&](llvm::Module &m) {
    if (hooks.onOptimizedLLVMIR && !hooks.onOptimizedLLVMIR(m))
      stopped = true;
  };
  if (options.target == TargetKind::PTX) {
    auto ptx = serializeToPTX(module, options.arch, options.optLevel, observe);
    if (!ptx)
      return ptx.takeError();
    return std::vector<uint8_t>(ptx->begin(), ptx->end());
  }
  auto words = serializeToSPIRV(module, options.optLevel, observe);
  if (!words)
    return words.takeError();
  std::vector<uint8_t> bytes(words->size() * 4);
  std::memcpy(bytes.data(), words->data(), bytes.size());
  return bytes;
}
} // namespace

llvm::Expected<KernelBinary>
kiln::compileKilnModule(ModuleOp module, const CompileOptions &options,
                        const StageHooks &hooks) {
  KernelBinary binary;
  binary.format = options.target == TargetKind::PTX ? BinaryFormat::PTX
                                                    : BinaryFormat::SPIRV;
  if (options.target == TargetKind::PTX)
    binary.arch = options.arch;
  FailureOr<std::vector<KernelMetadata>> kernels =
      extractKernelMetadata(module);
  if (failed(kernels))
    return stageError("kernel metadata extraction");
  binary.kernels = std::move(*kernels);

  StageTimings scratch;
  StageTimings &timings = hooks.timings ? *hooks.timings : scratch;
  auto clock = std::chrono::steady_clock::now();
  PassManager pm(module.getContext());
  buildKilnToLLVMPipeline(pm, options);
  if (failed(pm.run(module)))
    return stageError("lowering to the LLVM dialect");
  timings.lowerToLLVMDialect = lap(clock);
  if (hooks.onLLVMDialect && !hooks.onLLVMDialect(module))
    return binary;

  llvm::LLVMContext llvmContext;
  std::unique_ptr<TargetInfo> target = createTargetInfo(options.target);
  auto llvmModule = translateToLLVMIR(module, llvmContext, target->getTriple());
  if (!llvmModule)
    return llvmModule.takeError();
  timings.translateToLLVMIR = lap(clock);
  if (hooks.onLLVMIR && !hooks.onLLVMIR(**llvmModule))
    return binary;

  bool stopped = false;
  auto code = generateDeviceCode(**llvmModule, options, hooks, stopped);
  if (!code)
    return code.takeError();
  timings.optimizeAndEmit = lap(clock);
  if (!stopped)
    binary.data = std::move(*code);
  return binary;
}
