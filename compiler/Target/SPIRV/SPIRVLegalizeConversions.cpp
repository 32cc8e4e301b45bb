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
// * `icmp eq/ne (bitcast <N x i1> %v to iN), 0 or -1`: the loop
//   vectorizer's any-of / all-of test. The back end cannot bitcast a bool
//   vector to an integer ("incompatible result and operand types in a
//   bitcast"); the test becomes an OR or AND of the vector's elements.
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
    value = b.CreateAnd(
        value,
        llvm::ConstantInt::get(type, llvm::APInt::getLowBitsSet(width, kept)));
  }
  if (to > from)
    value = b.CreateCast(ext.getOpcode(), value, ext.getType());
  return value;
}

bool isBoolVectorBits(const llvm::CastInst &cast) {
  auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(cast.getSrcTy());
  return llvm::isa<llvm::BitCastInst>(cast) && vector &&
         vector->getElementType()->isIntegerTy(1) &&
         cast.getType()->isIntegerTy();
}

/// Whether any (or, with `all`, every) element of the bool vector is set.
llvm::Value *reduceBools(llvm::IRBuilder<> &b, llvm::Value *vector, bool all) {
  auto *type = llvm::cast<llvm::FixedVectorType>(vector->getType());
  llvm::Value *result = b.CreateExtractElement(vector, uint64_t(0));
  for (unsigned k = 1; k < type->getNumElements(); ++k) {
    llvm::Value *element = b.CreateExtractElement(vector, uint64_t(k));
    result = all ? b.CreateAnd(result, element) : b.CreateOr(result, element);
  }
  return result;
}

/// Rewrites the any-of / all-of tests among the users of `bits`, a bool
/// vector bitcast to an integer; other users keep it.
bool replaceBoolVectorTests(llvm::CastInst &bits) {
  bool changed = false;
  for (llvm::User *user : llvm::make_early_inc_range(bits.users())) {
    auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(user);
    auto *constant =
        cmp ? llvm::dyn_cast<llvm::ConstantInt>(cmp->getOperand(1)) : nullptr;
    if (!constant || !cmp->isEquality() || cmp->getOperand(0) != &bits ||
        !(constant->isZero() || constant->isMinusOne()))
      continue;
    llvm::IRBuilder<> b(cmp);
    bool all = constant->isMinusOne();
    llvm::Value *result = reduceBools(b, bits.getOperand(0), all);
    // == 0: none set; != 0: any set; == -1: all set; != -1: not all set.
    if ((cmp->getPredicate() == llvm::ICmpInst::ICMP_EQ) != all)
      result = b.CreateNot(result);
    cmp->replaceAllUsesWith(result);
    cmp->eraseFromParent();
    changed = true;
  }
  return changed;
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
    if (isBoolVectorBits(*cast)) {
      changed |= replaceBoolVectorTests(*cast);
      continue;
    }
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
    for (Instruction &inst :
         llvm::make_early_inc_range(llvm::instructions(function)))
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
