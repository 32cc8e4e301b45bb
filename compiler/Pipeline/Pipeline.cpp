//===- Pipeline.cpp - Kiln's pass pipelines -------------------------------===//
#include "compiler/Pipeline/Pipeline.h"
#include "compiler/Conversion/Passes.h"
#include "dialects/Kiln/Transforms/Passes.h"

#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace kiln;

void kiln::buildKilnTransformPipeline(OpPassManager &pm,
                                      const CompileOptions &options) {
  // Instrument first: the collectives' own scratch accesses need no checks.
  if (options.debug)
    pm.addPass(createKilnInstrumentDebug());
  // Merged before the collectives are expanded, so that the loop holds
  // one group_reduce op rather than its barriers and scratch accesses.
  if (mergesWorkGroups(options))
    pm.addPass(createKilnMergeWorkGroups());
  // A target with a fixed sub-group size (PTX's warps of 32) reduces
  // through shuffles. SPIR-V devices choose their sub-group size when the
  // kernel is built (0 here), so they keep the local-memory algorithm.
  KilnExpandGroupCollectivesOptions collectives;
  collectives.subGroupSize =
      createTargetInfo(options.target)->getSubGroupSize();
  pm.addPass(createKilnExpandGroupCollectives(collectives));
  if (coarsensElementwise(options))
    pm.addPass(createKilnCoarsenElementwise());
}

/// Whether a pass placed at `placement` runs for `options`. Debug mode
/// checks and reports each access where it happens, and -O0 keeps the
/// code as written, so neither gets one.
static bool runsHere(PassPlacement placement, const CompileOptions &options) {
  if (options.debug || options.optLevel == 0)
    return false;
  switch (placement) {
  case PassPlacement::Auto:
    return options.target == TargetKind::PTX;
  case PassPlacement::Always:
    return true;
  case PassPlacement::Never:
    return false;
  }
  return false;
}

bool kiln::mergesWorkGroups(const CompileOptions &options) {
  return runsHere(options.mergeWorkGroups, options);
}

bool kiln::coarsensElementwise(const CompileOptions &options) {
  return runsHere(options.coarsenElementwise, options);
}

void kiln::buildKilnToLLVMPipeline(OpPassManager &pm,
                                   const CompileOptions &options) {
  // Complex arithmetic becomes arith/math on the parts first, so that the
  // math it needs (sqrt, abs) is lowered with the rest; division is
  // Smith's ("improved"), as NumPy's. Only complex.create/re/im are left,
  // for convert-kiln-to-llvm.
  ConvertComplexToStandardPassOptions complexOptions;
  complexOptions.complexRange = complex::ComplexRangeFlags::improved;
  pm.addPass(createConvertComplexToStandardPass(complexOptions));
  if (options.optLevel > 0) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  // Integer powers with a run-time exponent have no LLVM intrinsic: outline
  // them as software loops before everything goes to LLVM.
  pm.addPass(createConvertMathToFuncs());
  pm.addPass(arith::createArithExpandOpsPass());
  // scf.if/scf.while in linear time first; convert-scf-to-cf lowers what
  // is left (scf.for and other ops of hand-written .mlir input).
  pm.addPass(createSCFToCFInReversePass());
  pm.addPass(createSCFToControlFlowPass());
  ConvertKilnToLLVMOptions lowering;
  lowering.target = targetKindName(options.target).str();
  pm.addPass(createConvertKilnToLLVM(lowering));
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Debug mode: subprogram scopes so locations become line tables (.loc).
  if (options.debug)
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass());
  if (options.optLevel > 0)
    pm.addPass(createCanonicalizerPass());
}

namespace {
struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("ptx, spirv or host"),
                             llvm::cl::init("spirv")};
  Option<unsigned> optLevel{*this, "opt-level", llvm::cl::desc("0..3, as -O"),
                            llvm::cl::init(2)};
  Option<bool> debug{*this, "debug", llvm::cl::desc("debug mode"),
                     llvm::cl::init(false)};
};
} // namespace

void kiln::registerKilnPipelines() {
  // Registered by hand rather than with PassPipelineRegistration so that
  // an unknown target is an error, not a silent SPIR-V lowering.
  registerPassPipeline(
      "kiln-to-llvm", "Lower a kiln module to the LLVM dialect",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        PipelineOptions opts;
        if (failed(opts.parseFromString(text)))
          return failure();
        std::optional<TargetKind> target = parseTargetKind(opts.target);
        if (!target)
          return errorHandler("kiln-to-llvm: unknown target '" + opts.target +
                              "' (expected ptx, spirv or host)");
        CompileOptions options;
        options.target = *target;
        options.optLevel = opts.optLevel;
        options.debug = opts.debug;
        buildKilnTransformPipeline(pm, options);
        buildKilnToLLVMPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(PipelineOptions());
      });
}
