//===- SPIRVLegalizeIntrinsics.cpp - Intrinsics as plain arithmetic -------===//
//
// Part of legalizeIRForSPIRV (SPIRVLegalizeIR.h). LLVM's -O creates these
// intrinsics from ordinary expressions; each becomes arithmetic that every
// consumer of Kiln's SPIR-V reads the same way:
//
// * `llvm.abs`: the back end emits OpenCL.std `s_abs`, whose result is
//   unsigned in OpenCL C. SPIRV-LLVM-Translator 15 turns it into a call of
//   PoCL's `abs(int)`, and after linking PoCL's library LLVM treats the
//   result as non-negative: `int64(b) < abs(a)` with a = INT_MIN (abs wraps
//   to INT_MIN, spec §4) compared with +2**31. Kiln writes
//   `x < 0 ? 0 - x : x` (wrapping) instead.
// * `llvm.bitreverse`: OpBitReverse needs the Shader capability, which an
//   OpenCL module lacks ("Unable to meet SPIR-V requirements"), and i1 was
//   not even legalised. Swapping halves, quarters, ... single bits instead.
// * `llvm.{u,s}{add,sub,mul}.with.overflow`: the back end emits
//   OpIAddCarry, OpISubBorrow, OpUMulExtended or OpSMulExtended, which
//   the translator does not implement ("Unimplemented opcode 149").
//   Additions and subtractions test the sign or carry bits of the result;
//   multiplications multiply at twice the width (OpenCL's `mul_hi` for
//   64 bits).
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVLegalizeIR.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
#include <optional>

using namespace kiln;
using llvm::Value;
using llvm::Intrinsic::ID;

namespace {

Value *zeroLike(Value *x) { return llvm::Constant::getNullValue(x->getType()); }

Value *absolute(llvm::IRBuilder<> &b, Value *x) {
  Value *zero = zeroLike(x);
  return b.CreateSelect(b.CreateICmpSLT(x, zero), b.CreateSub(zero, x), x);
}

/// The mask of the low `group` bits of every pair of `group`-bit groups.
llvm::APInt lowGroups(unsigned width, unsigned group) {
  llvm::APInt mask(width, 0);
  for (unsigned bit = 0; bit < width; ++bit)
    if ((bit / group) % 2 == 0)
      mask.setBit(bit);
  return mask;
}

/// Reverses the bits of x at the next power-of-two width, then shifts the
/// result down to x's width.
Value *reverseBits(llvm::IRBuilder<> &b, Value *x) {
  unsigned width = x->getType()->getScalarSizeInBits();
  if (width == 1)
    return x;
  unsigned padded = llvm::PowerOf2Ceil(width);
  llvm::Type *type = x->getType()->getWithNewBitWidth(padded);
  Value *value = b.CreateZExt(x, type);
  for (unsigned group = padded / 2; group >= 1; group /= 2) {
    Value *mask = llvm::ConstantInt::get(type, lowGroups(padded, group));
    Value *down = b.CreateAnd(b.CreateLShr(value, group), mask);
    Value *up = b.CreateShl(b.CreateAnd(value, mask), group);
    value = b.CreateOr(down, up);
  }
  if (padded == width)
    return value;
  return b.CreateTrunc(b.CreateLShr(value, padded - width), x->getType());
}

struct WithOverflow {
  Value *result;
  Value *overflow;
};

/// OpenCL's 64-bit `mul_hi`, which the back end emits as OpenCL.std
/// `u_mul_hi`/`s_mul_hi`.
Value *mulHigh64(llvm::IRBuilder<> &b, Value *x, Value *y, bool isSigned) {
  llvm::Module *module = b.GetInsertBlock()->getModule();
  llvm::Type *i64 = b.getInt64Ty();
  llvm::FunctionCallee callee = module->getOrInsertFunction(
      isSigned ? "_Z6mul_hill" : "_Z6mul_himm", i64, i64, i64);
  auto *function = llvm::cast<llvm::Function>(callee.getCallee());
  function->setCallingConv(llvm::CallingConv::SPIR_FUNC);
  function->setDoesNotAccessMemory();
  llvm::CallInst *call = b.CreateCall(callee, {x, y});
  call->setCallingConv(llvm::CallingConv::SPIR_FUNC);
  return call;
}

std::optional<WithOverflow> multiply(llvm::IRBuilder<> &b, Value *x, Value *y,
                                     bool isSigned) {
  llvm::Type *type = x->getType();
  unsigned width = type->getScalarSizeInBits();
  auto ext = isSigned ? llvm::Instruction::SExt : llvm::Instruction::ZExt;
  // A width OpenCL has (i8 at least), twice the operands' or more.
  unsigned wideBits = std::max(8u, unsigned(llvm::PowerOf2Ceil(2 * width)));
  if (wideBits <= 64) {
    llvm::Type *wide = type->getWithNewBitWidth(wideBits);
    Value *product =
        b.CreateMul(b.CreateCast(ext, x, wide), b.CreateCast(ext, y, wide));
    Value *low = b.CreateTrunc(product, type);
    return WithOverflow{low,
                        b.CreateICmpNE(b.CreateCast(ext, low, wide), product)};
  }
  if (width != 64 || type->isVectorTy())
    return std::nullopt;
  Value *low = b.CreateMul(x, y);
  Value *high = mulHigh64(b, x, y, isSigned);
  // No overflow when the high half is the low half's sign (or zero).
  Value *expected = isSigned ? b.CreateAShr(low, 63) : zeroLike(low);
  return WithOverflow{low, b.CreateICmpNE(high, expected)};
}

std::optional<WithOverflow> expandOverflow(llvm::IRBuilder<> &b, ID id,
                                           Value *x, Value *y) {
  switch (id) {
  case llvm::Intrinsic::uadd_with_overflow: {
    Value *sum = b.CreateAdd(x, y);
    return WithOverflow{sum, b.CreateICmpULT(sum, x)};
  }
  case llvm::Intrinsic::usub_with_overflow:
    return WithOverflow{b.CreateSub(x, y), b.CreateICmpULT(x, y)};
  case llvm::Intrinsic::sadd_with_overflow: {
    // Overflow: both operands have the sign the sum lacks.
    Value *sum = b.CreateAdd(x, y);
    Value *signs = b.CreateAnd(b.CreateXor(sum, x), b.CreateXor(sum, y));
    return WithOverflow{sum, b.CreateICmpSLT(signs, zeroLike(x))};
  }
  case llvm::Intrinsic::ssub_with_overflow: {
    // Overflow: the operands' signs differ and the result's is y's.
    Value *difference = b.CreateSub(x, y);
    Value *signs = b.CreateAnd(b.CreateXor(x, y), b.CreateXor(x, difference));
    return WithOverflow{difference, b.CreateICmpSLT(signs, zeroLike(x))};
  }
  case llvm::Intrinsic::umul_with_overflow:
    return multiply(b, x, y, /*isSigned=*/false);
  case llvm::Intrinsic::smul_with_overflow:
    return multiply(b, x, y, /*isSigned=*/true);
  default:
    return std::nullopt;
  }
}

/// Replaces the `{result, overflow}` pair `call` returns: its extractvalue
/// users directly, anything else with a rebuilt aggregate.
void replacePair(llvm::IRBuilder<> &b, llvm::IntrinsicInst &call,
                 const WithOverflow &parts) {
  for (llvm::User *user : llvm::make_early_inc_range(call.users())) {
    auto *extract = llvm::dyn_cast<llvm::ExtractValueInst>(user);
    if (!extract || extract->getNumIndices() != 1)
      continue;
    extract->replaceAllUsesWith(extract->getIndices()[0] == 0 ? parts.result
                                                              : parts.overflow);
    extract->eraseFromParent();
  }
  if (call.use_empty())
    return;
  Value *pair = llvm::PoisonValue::get(call.getType());
  pair = b.CreateInsertValue(pair, parts.result, 0);
  pair = b.CreateInsertValue(pair, parts.overflow, 1);
  call.replaceAllUsesWith(pair);
}

/// The replacement of `call`, or false when it is left to the back end.
bool legalize(llvm::IntrinsicInst &call) {
  llvm::IRBuilder<> b(&call);
  ID id = call.getIntrinsicID();
  if (id == llvm::Intrinsic::abs || id == llvm::Intrinsic::bitreverse) {
    Value *x = call.getArgOperand(0);
    call.replaceAllUsesWith(id == llvm::Intrinsic::abs ? absolute(b, x)
                                                       : reverseBits(b, x));
    return true;
  }
  if (call.arg_size() != 2)
    return false;
  std::optional<WithOverflow> parts =
      expandOverflow(b, id, call.getArgOperand(0), call.getArgOperand(1));
  if (!parts)
    return false;
  replacePair(b, call, *parts);
  return true;
}

} // namespace

bool kiln::legalizeIntrinsics(llvm::Function &function) {
  llvm::SmallVector<llvm::IntrinsicInst *> calls;
  for (llvm::Instruction &inst : llvm::instructions(function))
    if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
      calls.push_back(call);
  bool changed = false;
  for (llvm::IntrinsicInst *call : calls)
    if (legalize(*call)) {
      call->eraseFromParent();
      changed = true;
    }
  return changed;
}
