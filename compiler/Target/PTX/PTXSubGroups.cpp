//===- PTXSubGroups.cpp - Warp shuffles and reductions --------------------===//
//
// A sub-group is a warp. shfl.sync moves 32 bits, so wider values go in
// 32-bit pieces and narrower ones are widened first.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/LLVMCombine.h"
#include "compiler/Target/PTX/PTXTargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {
Value constantI32(OpBuilder &b, Location loc, int32_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}

NVVM::ShflKind shuffleKind(ShuffleMode mode) {
  switch (mode) {
  case ShuffleMode::Index:
    return NVVM::ShflKind::idx;
  case ShuffleMode::Down:
    return NVVM::ShflKind::down;
  case ShuffleMode::Up:
    return NVVM::ShflKind::up;
  case ShuffleMode::Xor:
    return NVVM::ShflKind::bfly;
  }
  llvm_unreachable("the switch on mode covers every value");
}

/// One shfl.sync of an i32 over the full warp.
Value shuffleWord(OpBuilder &b, Location loc, ShuffleMode mode, Value word,
                  Value offset) {
  // c = 0x1f clamps reads to the warp for idx/down/bfly; up uses 0.
  int32_t clamp = mode == ShuffleMode::Up ? 0 : 0x1f;
  auto kind = NVVM::ShflKindAttr::get(b.getContext(), shuffleKind(mode));
  return NVVM::ShflOp::create(b, loc, b.getI32Type(), constantI32(b, loc, -1),
                              word, offset, constantI32(b, loc, clamp), kind,
                              UnitAttr());
}
} // namespace

Value PTXTargetInfo::createShuffle(OpBuilder &b, Location loc, ShuffleMode mode,
                                   Value value, Value offset) const {
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Value lane = LLVM::TruncOp::create(b, loc, i32, offset);
  Type bits = b.getIntegerType(width);
  Value raw = isa<FloatType>(type)
                  ? LLVM::BitcastOp::create(b, loc, bits, value)
                  : value;
  Value result;
  if (width == 64) {
    Value low = LLVM::TruncOp::create(b, loc, i32, raw);
    Value shift =
        LLVM::ConstantOp::create(b, loc, bits, b.getIntegerAttr(bits, 32));
    Value high = LLVM::TruncOp::create(
        b, loc, i32, LLVM::LShrOp::create(b, loc, raw, shift));
    low = shuffleWord(b, loc, mode, low, lane);
    high = shuffleWord(b, loc, mode, high, lane);
    Value wide = LLVM::ShlOp::create(
        b, loc, LLVM::ZExtOp::create(b, loc, bits, high), shift);
    result = LLVM::OrOp::create(b, loc, wide,
                                LLVM::ZExtOp::create(b, loc, bits, low));
  } else if (width == 32) {
    result = shuffleWord(b, loc, mode, raw, lane);
  } else {
    Value word = LLVM::ZExtOp::create(b, loc, i32, raw);
    result = LLVM::TruncOp::create(b, loc, bits,
                                   shuffleWord(b, loc, mode, word, lane));
  }
  return isa<FloatType>(type) ? LLVM::BitcastOp::create(b, loc, type, result)
                              : result;
}

Value PTXTargetInfo::createSubGroupReduce(OpBuilder &b, Location loc,
                                          CollectiveOp op, Value value) const {
  // A shuffle-down tree leaves the result in lane 0, which hands it to all.
  // Each step combines only values of lanes that exist: the last warp of a
  // work-group whose size is no multiple of 32 is short, and a shuffle from
  // a missing lane yields an undefined value (a butterfly would mix it in).
  // The lanes that exist are the active ones, since sub-group collectives
  // run in converged control flow; in a short warp they are 0..n-1.
  Type i32 = b.getI32Type();
  Value active =
      LLVM::CallIntrinsicOp::create(
          b, loc, i32, b.getStringAttr("llvm.nvvm.activemask"), ValueRange{})
          .getResult(0);
  Value size = LLVM::CtPopOp::create(b, loc, i32, active);
  Value lane = NVVM::LaneIdOp::create(b, loc, i32);
  for (int64_t step = getSubGroupSize() / 2; step > 0; step /= 2) {
    Value offset = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                            b.getI64IntegerAttr(step));
    Value other = createShuffle(b, loc, ShuffleMode::Down, value, offset);
    Value from = LLVM::AddOp::create(b, loc, lane, constantI32(b, loc, step));
    Value present =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, from, size);
    value = LLVM::SelectOp::create(
        b, loc, present, createLLVMCombine(b, loc, op, value, other), value);
  }
  Value first =
      LLVM::ConstantOp::create(b, loc, b.getI64Type(), b.getI64IntegerAttr(0));
  return createShuffle(b, loc, ShuffleMode::Index, value, first);
}
