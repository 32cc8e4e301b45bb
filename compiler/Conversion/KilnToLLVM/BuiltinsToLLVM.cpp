//===- BuiltinsToLLVM.cpp - Math library calls, print, assert -------------===//
//
// Transcendental math goes to the target's math library (libdevice on PTX,
// OpenCL.std on SPIR-V) through TargetInfo::createMathCall; these patterns
// outrank math-to-llvm, which keeps the operations every back end has
// instructions for (sqrt, fabs, floor, ceil, trunc, copysign, fma).
//
//===----------------------------------------------------------------------===//
#include "compiler/Conversion/KilnToLLVM/KilnToLLVMCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

template <typename MathOp> struct MathLibraryCall : KilnPattern<MathOp> {
  MathLibraryCall(LLVMTypeConverter &converter, const TargetInfo &target,
                  StringRef function)
      : KilnPattern<MathOp>(converter, target, /*benefit=*/2),
        function(function.str()) {}

  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<FloatType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "only scalar floats");
    rewriter.replaceOp(op, this->target.createMathCall(rewriter, op.getLoc(),
                                                       function,
                                                       adaptor.getOperands()));
    return success();
  }

  std::string function;
};

struct PrintOpLowering : KilnPattern<PrintOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.createPrintf(rewriter, op.getLoc(), op.getFormat(),
                        adaptor.getArgs());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Outside debug mode an assert is not checked (spec §7); in debug mode
/// kiln-instrument-debug has already replaced it.
struct AssertOpLowering : KilnPattern<AssertOp> {
  using KilnPattern::KilnPattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename MathOp>
void addMath(RewritePatternSet &patterns, LLVMTypeConverter &converter,
             const TargetInfo &target, StringRef function) {
  patterns.add<MathLibraryCall<MathOp>>(converter, target, function);
}

} // namespace

void kiln::populateBuiltinPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const TargetInfo &target) {
  addMath<math::ExpOp>(patterns, converter, target, "exp");
  addMath<math::Exp2Op>(patterns, converter, target, "exp2");
  addMath<math::LogOp>(patterns, converter, target, "log");
  addMath<math::Log2Op>(patterns, converter, target, "log2");
  addMath<math::Log10Op>(patterns, converter, target, "log10");
  addMath<math::SinOp>(patterns, converter, target, "sin");
  addMath<math::CosOp>(patterns, converter, target, "cos");
  addMath<math::TanOp>(patterns, converter, target, "tan");
  addMath<math::AsinOp>(patterns, converter, target, "asin");
  addMath<math::AcosOp>(patterns, converter, target, "acos");
  addMath<math::AtanOp>(patterns, converter, target, "atan");
  addMath<math::Atan2Op>(patterns, converter, target, "atan2");
  addMath<math::SinhOp>(patterns, converter, target, "sinh");
  addMath<math::CoshOp>(patterns, converter, target, "cosh");
  addMath<math::TanhOp>(patterns, converter, target, "tanh");
  addMath<math::PowFOp>(patterns, converter, target, "pow");
  addMath<math::ErfOp>(patterns, converter, target, "erf");
  addMath<math::RsqrtOp>(patterns, converter, target, "rsqrt");
  // Where the back end's frem is inexact (NVPTX), fmod of the math library.
  if (target.lowersFRemToMathLibrary())
    addMath<arith::RemFOp>(patterns, converter, target, "fmod");
  patterns.add<PrintOpLowering, AssertOpLowering>(converter, target);
}
