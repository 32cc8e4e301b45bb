//===- SPIRVLegalizeConversions.cpp - Conversions the back end gets right -===//
//
// Part of legalizeIRForSPIRV (SPIRVLegalizeIR.h).
//
// * `sitofp i1 %c` is -1.0 when %c is true. LLVM 22's SPIR-V back end
//   selects 1 or 0 first and converts that, giving +1.0; LLVM folds
//   `-int32(c > 0)` stored as a float into exactly this at -O1 and above.
//   Both i1 conversions become a select of the two constants.
// * A zext/sext of a trunc, or a trunc of a zext/sext: the back end's
//   GlobalISel legalizer combines the pair into new instructions (a
//   `G_TRUNC` to the final width and a `G_AND`) whose SPIR-V types it takes
//   from their first operand, so `zext (trunc i64 %x to i8) to i32` became
//   `OpBitwiseAnd %uint %x_ulong %uint_255`: the truncation lost, a module
//   spirv-val rejects and SPIRV-LLVM-Translator 15 asserts on. LLVM's
//   InstCombine removes such pairs at -O1 and above, -O0 keeps them. The
//   pair becomes one cast and a mask (zext) or a shift pair (sext) that
//   the IR translator types itself.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVLegalizeIR.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace kiln;
using llvm::Instruction;

namespace {

bool isBoolToFloat(const llvm::CastInst &cast) {
  return (cast.getOpcode() == Instruction::SIToFP ||
          cast.getOpcode() == Instruction::UIToFP) &&
         cast.getSrcTy()->getScalarType()->isIntegerTy(1);
}

llvm::Value *boolToFloat(llvm::IRBuilder<> &b, llvm::CastInst &cast) {
  double one = cast.getOpcode() == Instruction::SIToFP ? -1.0 : 1.0;
  llvm::Type *type = cast.getType();
  return b.CreateSelect(cast.getOperand(0), llvm::ConstantFP::get(type, one),
                        llvm::ConstantFP::get(type, 0.0));
}

bool isExtension(const llvm::Value *value) {
  return llvm::isa<llvm::ZExtInst, llvm::SExtInst>(value);
}

unsigned bitsOf(const llvm::Value *value) {
  return value->getType()->getScalarSizeInBits();
}

/// `trunc (ext y)`: y itself, or one cast of y.
llvm::Value *truncOfExtension(llvm::IRBuilder<> &b, llvm::CastInst &trunc,
                              llvm::CastInst &ext) {
  llvm::Value *source = ext.getOperand(0);
  unsigned from = bitsOf(source), to = bitsOf(&trunc);
  if (to == from)
    return source;
  if (to < from)
    return b.CreateTrunc(source, trunc.getType());
  return b.CreateCast(ext.getOpcode(), source, trunc.getType());
}

/// `zext/sext (trunc x to iM) to iN`: the low M bits of x, extended, worked
/// out at the narrower of x's width and N, then extended to N if needed.
llvm::Value *extensionOfTrunc(llvm::IRBuilder<> &b, llvm::CastInst &ext,
                              llvm::CastInst &trunc) {
  llvm::Value *source = trunc.getOperand(0);
  unsigned from = bitsOf(source), kept = bitsOf(&trunc), to = bitsOf(&ext);
  llvm::Value *value = source;
  if (to < from)
    value = b.CreateTrunc(source, ext.getType());
  unsigned width = bitsOf(value);
  llvm::Type *type = value->getType();
  bool isSigned = ext.getOpcode() == Instruction::SExt;
  if (isSigned) {
    llvm::Constant *shift = llvm::ConstantInt::get(type, width - kept);
    value = b.CreateAShr(b.CreateShl(value, shift), shift);
  } else {
    value = b.CreateAnd(value, llvm::ConstantInt::get(
                                   type, llvm::APInt::getLowBitsSet(width, kept)));
  }
  if (to > from)
    value = b.CreateCast(ext.getOpcode(), value, ext.getType());
  return value;
}

/// The replacement of `cast`, or null when it needs none.
llvm::Value *legalize(llvm::CastInst &cast) {
  llvm::IRBuilder<> b(&cast);
  if (isBoolToFloat(cast))
    return boolToFloat(b, cast);
  auto *inner = llvm::dyn_cast<llvm::CastInst>(cast.getOperand(0));
  if (!inner)
    return nullptr;
  if (llvm::isa<llvm::TruncInst>(cast) && isExtension(inner))
    return truncOfExtension(b, cast, *inner);
  if (isExtension(&cast) && llvm::isa<llvm::TruncInst>(inner))
    return extensionOfTrunc(b, cast, *inner);
  return nullptr;
}

/// One sweep over the function; true if anything was replaced.
bool legalizeOnce(llvm::Function &function) {
  llvm::SmallVector<llvm::CastInst *> casts;
  for (Instruction &inst : llvm::instructions(function))
    if (auto *cast = llvm::dyn_cast<llvm::CastInst>(&inst))
      casts.push_back(cast);
  bool changed = false;
  for (llvm::CastInst *cast : casts) {
    llvm::Value *replacement = legalize(*cast);
    if (!replacement)
      continue;
    cast->replaceAllUsesWith(replacement);
    cast->eraseFromParent();
    changed = true;
  }
  return changed;
}

/// Removes the casts that rewrites left unused (their inner halves).
void eraseDeadCasts(llvm::Function &function) {
  bool erased = true;
  while (erased) {
    erased = false;
    for (Instruction &inst : llvm::make_early_inc_range(
             llvm::instructions(function)))
      if (llvm::isa<llvm::CastInst>(inst) && inst.use_empty()) {
        inst.eraseFromParent();
        erased = true;
      }
  }
}

} // namespace

bool kiln::legalizeConversions(llvm::Function &function) {
  // A rewrite can expose a new pair (the new trunc of an extension), and
  // each one shortens a chain of casts, so this ends.
  bool changed = false;
  while (legalizeOnce(function))
    changed = true;
  if (changed)
    eraseDeadCasts(function);
  return changed;
}
