//===- SPIRVLegalizeIRTest.cpp - The LLVM IR rewrites before SPIR-V -------===//
//
// Each rewrite of SPIRVLegalizeIR.h must compute what the IR it replaces
// computed. A straight-line function is evaluated by LLVM's constant folder
// before the rewrite (which folds the intrinsics themselves) and after it,
// over every i8 operand pair or edge values of wider types.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVLegalizeIR.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace kiln;
using llvm::APInt;
using llvm::Constant;

namespace {

/// OpenCL's 64-bit mul_hi, which the multiplication rewrite calls.
Constant *mulHigh(llvm::CallBase &call, llvm::ArrayRef<Constant *> args) {
  llvm::StringRef name = call.getCalledFunction()->getName();
  bool isSigned = name == "_Z6mul_hill";
  if (!isSigned && name != "_Z6mul_himm")
    return nullptr;
  APInt x = llvm::cast<llvm::ConstantInt>(args[0])->getValue();
  APInt y = llvm::cast<llvm::ConstantInt>(args[1])->getValue();
  APInt wide = isSigned ? x.sext(128) * y.sext(128) : x.zext(128) * y.zext(128);
  return llvm::ConstantInt::get(call.getType(), wide.extractBits(64, 64));
}

/// The value `function` returns for `args`; null if some instruction does
/// not fold (the function must be straight-line).
Constant *evaluate(llvm::Function &function, llvm::ArrayRef<Constant *> args) {
  llvm::DenseMap<llvm::Value *, Constant *> values;
  for (auto [argument, value] : llvm::zip(function.args(), args))
    values[&argument] = value;
  auto lookup = [&](llvm::Value *v) {
    auto *c = llvm::dyn_cast<Constant>(v);
    return c ? c : values.lookup(v);
  };
  const llvm::DataLayout &layout = function.getParent()->getDataLayout();
  for (llvm::Instruction &inst : llvm::instructions(function)) {
    if (auto *ret = llvm::dyn_cast<llvm::ReturnInst>(&inst))
      return lookup(ret->getReturnValue());
    llvm::SmallVector<Constant *> operands;
    for (llvm::Value *operand : inst.operands())
      operands.push_back(lookup(operand));
    auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
    Constant *result =
        call && !call->getCalledFunction()->isIntrinsic()
            ? mulHigh(*call, llvm::ArrayRef(operands).drop_back())
            : llvm::ConstantFoldInstOperands(&inst, operands, layout);
    if (!result)
      return nullptr;
    values[&inst] = result;
  }
  return nullptr;
}

class LegalizeTest : public ::testing::Test {
protected:
  /// Parses `ir`, whose function @f is the one rewritten.
  llvm::Function &parse(llvm::StringRef ir) {
    llvm::SMDiagnostic error;
    module = llvm::parseAssemblyString(ir, error, context);
    if (!module)
      ADD_FAILURE() << error.getMessage().str();
    return *module->getFunction("f");
  }

  /// Rewrites a copy of @f and checks both agree on every argument list.
  void expectSameResults(llvm::StringRef ir,
                         llvm::ArrayRef<std::vector<Constant *>> argLists) {
    llvm::Function &original = parse(ir);
    std::unique_ptr<llvm::Module> before = std::move(module);
    llvm::Function &rewritten = parse(ir);
    EXPECT_TRUE(legalizeIntrinsics(rewritten) | legalizeConversions(rewritten));
    for (llvm::Instruction &inst : llvm::instructions(rewritten))
      EXPECT_FALSE(llvm::isa<llvm::IntrinsicInst>(inst)) << ir.str();
    for (const std::vector<Constant *> &args : argLists) {
      Constant *want = evaluate(original, args);
      Constant *got = evaluate(rewritten, args);
      ASSERT_NE(want, nullptr) << ir.str();
      ASSERT_EQ(got, want) << ir.str() << " for " << args.size() << " args";
    }
  }

  /// Zero, one, all ones, the signed extremes and two bit patterns.
  std::vector<Constant *> edgeValues(unsigned bits) {
    auto truncated = [&](uint64_t v) {
      return APInt(bits, v, /*isSigned=*/false, /*implicitTrunc=*/true);
    };
    std::vector<Constant *> values;
    for (APInt v :
         {APInt(bits, 0), APInt(bits, 1), APInt::getAllOnes(bits),
          APInt::getSignedMinValue(bits), APInt::getSignedMaxValue(bits),
          truncated(0x5a5a5a5a5a5a5a5aull), truncated(0x0123456789abcdefull)})
      values.push_back(llvm::ConstantInt::get(context, v));
    return values;
  }

  /// Every pair of i8 values, or pairs of edge values for wider types.
  std::vector<std::vector<Constant *>> pairs(unsigned bits) {
    std::vector<Constant *> values;
    if (bits == 8)
      for (unsigned v = 0; v < 256; ++v)
        values.push_back(llvm::ConstantInt::get(context, APInt(8, v)));
    else
      values = edgeValues(bits);
    std::vector<std::vector<Constant *>> lists;
    for (Constant *x : values)
      for (Constant *y : values)
        lists.push_back({x, y});
    return lists;
  }

  /// Every i8 value, or the edge values of wider types.
  std::vector<std::vector<Constant *>> singles(unsigned bits) {
    std::vector<std::vector<Constant *>> lists;
    if (bits == 8) {
      for (unsigned v = 0; v < 256; ++v)
        lists.push_back({llvm::ConstantInt::get(context, APInt(8, v))});
      return lists;
    }
    for (Constant *v : edgeValues(bits))
      lists.push_back({v});
    return lists;
  }

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
};

std::string overflowIR(llvm::StringRef name, unsigned bits) {
  std::string t = "i" + std::to_string(bits), pair = "{" + t + ", i1}";
  std::string intrinsic = "@llvm." + name.str() + ".with.overflow." + t;
  return "declare " + pair + " " + intrinsic + "(" + t + ", " + t + ")\n" +
         "define " + pair + " @f(" + t + " %a, " + t + " %b) {\n" +
         "  %r = call " + pair + " " + intrinsic + "(" + t + " %a, " + t +
         " %b)\n  ret " + pair + " %r\n}\n";
}

TEST_F(LegalizeTest, OverflowArithmeticMatchesTheIntrinsics) {
  for (const char *name : {"uadd", "usub", "sadd", "ssub", "umul", "smul"})
    for (unsigned bits : {1u, 8u, 16u, 24u, 32u, 64u})
      expectSameResults(overflowIR(name, bits), pairs(bits));
}

TEST_F(LegalizeTest, OverflowResultsUsedThroughExtractValue) {
  expectSameResults(R"(
declare {i8, i1} @llvm.smul.with.overflow.i8(i8, i8)
define i16 @f(i8 %a, i8 %b) {
  %r = call {i8, i1} @llvm.smul.with.overflow.i8(i8 %a, i8 %b)
  %v = extractvalue {i8, i1} %r, 0
  %o = extractvalue {i8, i1} %r, 1
  %vw = zext i8 %v to i16
  %ow = zext i1 %o to i16
  %hi = shl i16 %ow, 8
  %s = or i16 %hi, %vw
  ret i16 %s
})",
                    pairs(8));
}

TEST_F(LegalizeTest, AbsWrapsAtTheMinimum) {
  for (unsigned bits : {8u, 32u, 64u}) {
    std::string t = "i" + std::to_string(bits);
    expectSameResults("declare " + t + " @llvm.abs." + t + "(" + t +
                          ", i1)\ndefine " + t + " @f(" + t +
                          " %a) {\n  %r = call " + t + " @llvm.abs." + t + "(" +
                          t + " %a, i1 false)\n  ret " + t + " %r\n}\n",
                      singles(bits));
  }
}

TEST_F(LegalizeTest, BitReverseAtEveryWidth) {
  for (unsigned bits : {1u, 8u, 13u, 16u, 32u, 64u}) {
    std::string t = "i" + std::to_string(bits);
    expectSameResults("declare " + t + " @llvm.bitreverse." + t + "(" + t +
                          ")\ndefine " + t + " @f(" + t +
                          " %a) {\n  %r = call " + t + " @llvm.bitreverse." +
                          t + "(" + t + " %a)\n  ret " + t + " %r\n}\n",
                      singles(bits));
  }
}

TEST_F(LegalizeTest, BoolToFloatIsASelect) {
  for (const char *cast : {"sitofp", "uitofp"})
    expectSameResults(std::string("define float @f(i1 %c) {\n  %r = ") + cast +
                          " i1 %c to float\n  ret float %r\n}\n",
                      {{llvm::ConstantInt::getTrue(context)},
                       {llvm::ConstantInt::getFalse(context)}});
}

TEST_F(LegalizeTest, BoolVectorBitTestsAreReductions) {
  std::vector<std::vector<Constant *>> vectors;
  for (unsigned bits = 0; bits < 16; ++bits) {
    std::vector<Constant *> elements;
    for (unsigned k = 0; k < 4; ++k)
      elements.push_back(llvm::ConstantInt::getBool(context, bits >> k & 1));
    vectors.push_back({llvm::ConstantVector::get(elements)});
  }
  for (const char *predicate : {"eq", "ne"})
    for (const char *value : {"0", "-1"})
      expectSameResults(std::string("define i1 @f(<4 x i1> %v) {\n") +
                            "  %b = bitcast <4 x i1> %v to i4\n  %r = icmp " +
                            predicate + " i4 %b, " + value +
                            "\n  ret i1 %r\n}\n",
                        vectors);
}

TEST_F(LegalizeTest, CastPairsAtEveryWidthOrder) {
  const unsigned widths[] = {1, 8, 16, 32, 64};
  for (unsigned from : widths)
    for (unsigned mid : widths)
      for (unsigned to : widths)
        for (const char *ext : {"zext", "sext"}) {
          std::string f = "i" + std::to_string(from),
                      m = "i" + std::to_string(mid),
                      t = "i" + std::to_string(to);
          std::vector<std::vector<Constant *>> args;
          for (Constant *v : edgeValues(from))
            args.push_back({v});
          if (mid < from && to > mid) // extension of a truncation
            expectSameResults("define " + t + " @f(" + f +
                                  " %x) {\n  %m = trunc " + f + " %x to " + m +
                                  "\n  %r = " + ext + " " + m + " %m to " + t +
                                  "\n  ret " + t + " %r\n}\n",
                              args);
          if (mid > from && to < mid) // truncation of an extension
            expectSameResults("define " + t + " @f(" + f +
                                  " %x) {\n  %m = " + ext + " " + f +
                                  " %x to " + m + "\n  %r = trunc " + m +
                                  " %m to " + t + "\n  ret " + t + " %r\n}\n",
                              args);
        }
}

} // namespace
