//===- DeviceCompiler.cpp - kiln module → device binary -------------------===//
#include "compiler/Pipeline/DeviceCompiler.h"
#include "compiler/Pipeline/KernelMetadataFromKiln.h"
#include "compiler/Target/ArgumentBlockEntry.h"
#include "compiler/Target/BitcodeLinker.h"
#include "compiler/Target/LLVMCodegen.h"
#include "compiler/Target/TargetBackend.h"
#include "dialects/Kiln/IR/KilnOps.h"
#include "kiln/runtime/ArgumentBlock.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/LLVMContext.h"

#include <chrono>

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

LogicalResult kiln::selectKernel(ModuleOp module, llvm::StringRef name) {
  SmallVector<Operation *> others;
  std::string available;
  bool found = false;
  for (auto kernel : module.getOps<kiln::ir::KernelOp>()) {
    available += (available.empty() ? "" : ", ") + kernel.getSymName().str();
    if (kernel.getSymName() == name)
      found = true;
    else
      others.push_back(kernel);
  }
  if (!found)
    return module.emitError("no kernel named '")
           << name
           << "' (available: " << (available.empty() ? "none" : available)
           << ")";
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

/// What the back end reads of the compile's options.
BackendOptions backendOptions(const CompileOptions &options) {
  BackendOptions result;
  result.arch = options.arch;
  result.optLevel = options.optLevel;
  result.debug = options.debug;
  result.libdevicePath = options.libdevicePath;
  return result;
}

llvm::Expected<std::vector<uint8_t>>
generateDeviceCode(llvm::Module &module, const TargetBackend &backend,
                   const BackendOptions &options, const StageHooks &hooks,
                   bool &stopped) {
  auto observe = [&](llvm::Module &m) {
    if (hooks.onOptimizedLLVMIR && !hooks.onOptimizedLLVMIR(m))
      stopped = true;
  };
  return backend.serialize(module, options, observe);
}
} // namespace

namespace {
/// Body-less device functions, resolved against bitcode later: names, and
/// where each is declared (`@device_func(extern=True)`) for the error when
/// no library defines it.
struct ExternalDeviceFunctions {
  std::vector<std::string> names;
  std::vector<Location> locations;
};

ExternalDeviceFunctions externalDeviceFunctions(ModuleOp module) {
  ExternalDeviceFunctions externs;
  for (auto func : module.getOps<kiln::ir::DeviceFuncOp>()) {
    if (!func.isExternal())
      continue;
    externs.names.push_back(func.getSymName().str());
    externs.locations.push_back(func.getLoc());
  }
  return externs;
}

llvm::Error linkDeviceLibraries(llvm::Module &module,
                                const CompileOptions &options,
                                const TargetBackend &backend,
                                const ExternalDeviceFunctions &externs) {
  for (const std::string &path : options.bitcodeLibraries)
    if (llvm::Error error = linkBitcodeFile(module, path))
      return error;
  if (llvm::Error error =
          backend.linkDeviceLibraries(module, backendOptions(options)))
    return error;
  std::optional<std::string> missing =
      findUnresolvedExtern(module, externs.names);
  if (!missing)
    return llvm::Error::success();
  size_t index = llvm::find(externs.names, *missing) - externs.names.begin();
  mlir::emitError(externs.locations[index])
      << "unresolved external device function '" << *missing
      << "': no linked LLVM IR/bitcode library defines it (--link)";
  return stageError("linking device libraries");
}

/// --arg-block-entries names a function after each kernel: a symbol of
/// that name already in the module is the user's error, at its location.
LogicalResult checkArgumentBlockEntryNames(ModuleOp module) {
  for (auto kernel : module.getOps<kiln::ir::KernelOp>()) {
    std::string name = argumentBlockEntryName(kernel.getSymName());
    if (Operation *other = SymbolTable::lookupSymbolIn(module, name))
      return other->emitError("'")
             << name << "' clashes with the argument-block entry of kernel '"
             << kernel.getSymName() << "' (--arg-block-entries)";
  }
  return success();
}

/// CompileOptions::launchRank becomes each kernel's `kiln.launch_rank`; a
/// kernel that already names another rank (hand-written .mlir) is an error
/// at its location rather than a silent choice between the two.
LogicalResult specializeLaunchRank(ModuleOp module, unsigned rank) {
  if (rank == 0)
    return success();
  Builder b(module.getContext());
  for (auto kernel : module.getOps<kiln::ir::KernelOp>()) {
    unsigned own = kernel.getLaunchRank();
    if (own != 0 && own != rank)
      return kernel.emitError("kernel '")
             << kernel.getSymName() << "' is specialized for launch rank "
             << own << ", but the compile asks for rank " << rank;
    kernel->setAttr(kiln::ir::KernelOp::getLaunchRankAttrName(),
                    b.getI64IntegerAttr(rank));
  }
  return success();
}
} // namespace

llvm::Expected<KernelBinary>
kiln::compileKilnModule(ModuleOp module, const CompileOptions &options,
                        const StageHooks &hooks) {
  const TargetBackend &backend = getTargetBackend(options.target);
  if (llvm::Error error = backend.checkOptions(backendOptions(options)))
    return error;
  KernelBinary binary;
  binary.format = backend.getBinaryFormat();
  if (backend.hasArch())
    binary.arch = options.arch;
  std::unique_ptr<TargetInfo> target = backend.createTargetInfo();
  StageTimings scratch;
  StageTimings &timings = hooks.timings ? *hooks.timings : scratch;
  auto clock = std::chrono::steady_clock::now();

  if (failed(specializeLaunchRank(module, options.launchRank)))
    return stageError("launch-rank specialization");
  // Features the target cannot run are refused where the source uses
  // them, before the kiln passes rewrite them (collectives into barriers).
  if (failed(checkTargetSupportsOps(module, *target)))
    return stageError("the target's feature check");
  PassManager kilnPasses(module.getContext());
  buildKilnTransformPipeline(kilnPasses, options);
  if (failed(kilnPasses.run(module)))
    return stageError("kiln-level transformations");
  FailureOr<std::vector<KernelMetadata>> kernels =
      extractKernelMetadata(module, *target);
  if (failed(kernels))
    return stageError("kernel metadata extraction");
  binary.kernels = std::move(*kernels);
  // The kernels that get an argument-block entry (binary.kernels gains the
  // entries themselves).
  std::vector<KernelMetadata> blockKernels;
  if (options.argumentBlockEntries) {
    if (failed(checkArgumentBlockEntryNames(module)))
      return stageError("argument-block entry generation");
    blockKernels = binary.kernels;
    appendArgumentBlockEntryMetadata(binary.kernels);
  }
  ExternalDeviceFunctions externs = externalDeviceFunctions(module);

  PassManager pm(module.getContext());
  buildKilnToLLVMPipeline(pm, options);
  if (failed(pm.run(module)))
    return stageError("lowering to the LLVM dialect");
  timings.lowerToLLVMDialect = lap(clock);
  if (hooks.onLLVMDialect && !hooks.onLLVMDialect(module))
    return binary;

  llvm::LLVMContext llvmContext;
  auto llvmModule = translateToLLVMIR(module, llvmContext, target->getTriple());
  if (!llvmModule)
    return llvmModule.takeError();
  if (llvm::Error error =
          linkDeviceLibraries(**llvmModule, options, backend, externs))
    return error;
  if (llvm::Error error = addArgumentBlockEntries(**llvmModule, blockKernels))
    return error;
  timings.translateToLLVMIR = lap(clock);
  if (hooks.onLLVMIR && !hooks.onLLVMIR(**llvmModule))
    return binary;

  bool stopped = false;
  auto code = generateDeviceCode(**llvmModule, backend, backendOptions(options),
                                 hooks, stopped);
  if (!code)
    return code.takeError();
  timings.optimizeAndEmit = lap(clock);
  if (!stopped)
    binary.data = std::move(*code);
  return binary;
}
