//===- KilnToLLVMPass.cpp - The convert-kiln-to-llvm pass -----------------===//
//
// One full conversion of everything a checked kernel module contains
// (kiln, arith, math, memref locals, cf and the func ops math-to-funcs
// outlines) to the LLVM dialect, so that no partially lowered IR with
// unrealized casts between passes survives. scf is lowered to cf before.
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"
#include "compiler/Conversion/Passes.h"
#include "compiler/Target/TargetInfo.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace kiln {
#define GEN_PASS_DEF_CONVERTKILNTOLLVM
#include "compiler/Conversion/Passes.h.inc"
} // namespace kiln

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {
/// Types the target cannot represent (TargetInfo::getUnsupportedTypeMessage)
/// are reported at the first op that uses one, before any pattern runs.
LogicalResult checkTargetSupportsTypes(ModuleOp module,
                                       const TargetInfo &target) {
  auto unsupported = [&](Type type) -> std::optional<std::string> {
    if (auto array = dyn_cast<kiln::ir::ArrayType>(type))
      type = array.getElementType();
    return target.getUnsupportedTypeMessage(type);
  };
  WalkResult result = module.walk([&](Operation *op) {
    for (TypeRange types :
         {TypeRange(op->getResultTypes()), TypeRange(op->getOperandTypes())})
      for (Type type : types)
        if (std::optional<std::string> message = unsupported(type)) {
          op->emitError(*message);
          return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct ConvertKilnToLLVMPass
    : public kiln::impl::ConvertKilnToLLVMBase<ConvertKilnToLLVMPass> {
  using ConvertKilnToLLVMBase::ConvertKilnToLLVMBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<TargetKind> kind = parseTargetKind(target);
    if (!kind) {
      module.emitError("unknown target '")
          << target << "' (expected ptx, spirv or host)";
      return signalPassFailure();
    }
    std::unique_ptr<TargetInfo> info = createTargetInfo(*kind);
    if (failed(checkTargetSupportsOps(module, *info)) ||
        failed(checkTargetSupportsTypes(module, *info)))
      return signalPassFailure();
    LLVMTypeConverter converter(&getContext());
    populateKilnToLLVMTypeConversions(converter, *info);

    RewritePatternSet patterns(&getContext());
    populateKilnToLLVMPatterns(converter, patterns, *info);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateComplexToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget legality(getContext());
    legality.addLegalDialect<NVVM::NVVMDialect>();
    legality.addLegalOp<ModuleOp>();
    if (failed(applyFullConversion(module, legality, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
