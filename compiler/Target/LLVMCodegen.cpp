//===- LLVMCodegen.cpp - From the LLVM dialect to device code -------------===//
#include "compiler/Target/LLVMCodegen.h"
#include "compiler/Target/PTX/PTXBoundedLoops.h"
#include "compiler/Target/PTX/PTXLocalAlign.h"
#include "compiler/Target/PTX/PTXPrivateArrayUnroll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <mutex>

using namespace kiln;

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
void LLVMInitializeSPIRVTargetInfo();
void LLVMInitializeSPIRVTarget();
void LLVMInitializeSPIRVTargetMC();
void LLVMInitializeSPIRVAsmPrinter();
void LLVMInitializeX86TargetInfo();
void LLVMInitializeX86Target();
void LLVMInitializeX86TargetMC();
void LLVMInitializeX86AsmPrinter();
void LLVMInitializeAArch64TargetInfo();
void LLVMInitializeAArch64Target();
void LLVMInitializeAArch64TargetMC();
void LLVMInitializeAArch64AsmPrinter();
}

namespace {
/// IndVarSimplify rewrites a loop's exit value into a closed form computed
/// in a wider integer (i65 for an i64 sum); the SPIR-V back end cannot emit
/// such widths without SPV_ALTERA_arbitrary_precision_integers, which
/// OpenCL consumers lack. Kiln keeps the loop instead, on every target (the
/// setting is process-wide, and NVPTX loses little).
void keepLoopExitValues() {
  auto &&options = llvm::cl::getRegisteredOptions();
  auto it = options.find("replexitval");
  if (it != options.end())
    it->second->addOccurrence(0, "replexitval", "never");
}

/// 32-bit addresses for CUDA shared, constant and local memory, as nvcc
/// uses (NVPTX's nvptx-short-ptr, read into the data layout when a target
/// machine is made): shared memory is a 32-bit window, and 64-bit address
/// arithmetic on it cost a tiled transpose about a fifth of its speed.
void useShortCudaPointers() {
  auto &&options = llvm::cl::getRegisteredOptions();
  auto it = options.find("nvptx-short-ptr");
  if (it != options.end())
    it->second->addOccurrence(0, "nvptx-short-ptr", "true");
}
/// SimplifyCFG does not sink instructions common to a block's predecessors
/// into a new block. It merged the last copy of an unrolled loop with the
/// same copy of its versioned twin (PTXBoundedLoops.h), putting that copy's
/// load behind a join that ptxas does not schedule across (a tiled
/// transpose: 0.92x nvcc merged, 1.03x apart, H100). SPIR-V consumers run
/// their own CFG simplification on what Kiln emits.
void keepCommonTailsApart() {
  auto &&options = llvm::cl::getRegisteredOptions();
  auto it = options.find("sink-common-insts");
  if (it != options.end())
    it->second->addOccurrence(0, "sink-common-insts", "false");
}
} // namespace

void kiln::initializeDeviceTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    keepLoopExitValues();
    useShortCudaPointers();
    keepCommonTailsApart();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMInitializeSPIRVTargetInfo();
    LLVMInitializeSPIRVTarget();
    LLVMInitializeSPIRVTargetMC();
    LLVMInitializeSPIRVAsmPrinter();
    // The host target (compiler/Target/Host): x86-64, and AArch64 for
    // cross compiles.
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    LLVMInitializeAArch64TargetInfo();
    LLVMInitializeAArch64Target();
    LLVMInitializeAArch64TargetMC();
    LLVMInitializeAArch64AsmPrinter();
  });
}

llvm::Expected<std::unique_ptr<llvm::Module>>
kiln::translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                        llvm::StringRef triple) {
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, context, "kiln");
  if (!llvmModule)
    return llvm::createStringError("translation to LLVM IR failed");
  llvmModule->setTargetTriple(llvm::Triple(triple));
  return llvmModule;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
kiln::createTargetMachine(llvm::StringRef triple, llvm::StringRef cpu,
                          llvm::StringRef features, unsigned optLevel,
                          std::optional<llvm::Reloc::Model> relocation) {
  initializeDeviceTargets();
  llvm::Triple parsed(triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(parsed, error);
  if (!target)
    return llvm::createStringError("no LLVM target for '" + triple.str() +
                                   "': " + error);
  llvm::CodeGenOptLevel level = optLevel == 0   ? llvm::CodeGenOptLevel::None
                                : optLevel == 1 ? llvm::CodeGenOptLevel::Less
                                : optLevel == 2
                                    ? llvm::CodeGenOptLevel::Default
                                    : llvm::CodeGenOptLevel::Aggressive;
  // Like nvcc's default (--fmad=true): a*b+c may become one fused
  // multiply-add. Documented in docs/language.md (floating point).
  llvm::TargetOptions targetOptions;
  targetOptions.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      parsed, cpu, features, targetOptions, relocation, std::nullopt, level));
  if (!machine)
    return llvm::createStringError("could not create a target machine for " +
                                   triple.str() + " (" + cpu.str() + ")");
  return machine;
}

void kiln::optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                          unsigned optLevel) {
  module.setDataLayout(machine.createDataLayout());
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  if (machine.getTargetTriple().isNVPTX() && optLevel >= 2)
    // Constant-trip loops over private arrays unroll completely, so that
    // the arrays become registers (an 8 x 8 register tile stayed on the
    // stack under LLVM's threshold).
    builder.registerLateLoopOptimizationsEPCallback(
        [](llvm::LoopPassManager &lpm, llvm::OptimizationLevel) {
          lpm.addPass(PTXPrivateArrayUnrollPass());
        });
  if (machine.getTargetTriple().isNVPTX() && optLevel >= 2)
    builder.registerVectorizerStartEPCallback(
        [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel level) {
          // A loop whose trip count is known only at run time but bounded
          // (`for r in range(local_id, 32, 8)`: at most 4) gets a copy for
          // the count at its bound, which unrolls to straight-line code, so
          // its loads are in flight together, as nvcc's runtime unrolling
          // does; the original is unrolled to its bound, each copy guarded.
          // NVPTX's default leaves both rolled (1 load per iteration: a
          // tiled transpose ran at 0.82x nvcc, 0.83x with the guarded
          // copies alone).
          fpm.addPass(llvm::LoopSimplifyPass());
          fpm.addPass(PTXBoundedLoopsPass());
          fpm.addPass(llvm::LoopUnrollPass(
              llvm::LoopUnrollOptions(level.getSpeedupLevel())
                  .setUpperBound(true)
                  .setPartial(false)
                  .setRuntime(false)));
        });
  if (machine.getTargetTriple().isNVPTX() && optLevel >= 2)
    // Local-memory accesses at a constant offset from a deep index (a
    // warp's fragment in a warp-tiled SGEMM) keep the alignment of the
    // index, so code generation's load/store vectorizer still merges four
    // 32-bit reads into one 128-bit read.
    builder.registerOptimizerLastEPCallback([](llvm::ModulePassManager &mpm,
                                               llvm::OptimizationLevel,
                                               llvm::ThinOrFullLTOPhase) {
      mpm.addPass(llvm::createModuleToFunctionPassAdaptor(PTXLocalAlignPass()));
    });
  llvm::ModulePassManager passes =
      optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                    : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, mam);
}

llvm::Expected<std::string> kiln::emitModule(llvm::Module &module,
                                             llvm::TargetMachine &machine,
                                             llvm::CodeGenFileType fileType) {
  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(module, &verifyStream))
    return llvm::createStringError("invalid LLVM IR: " + verifyErrors);
  llvm::SmallString<0> output;
  llvm::raw_svector_ostream stream(output);
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, stream, nullptr, fileType))
    return llvm::createStringError("the target cannot emit this file type");
  passes.run(module);
  return std::string(output.str());
}
