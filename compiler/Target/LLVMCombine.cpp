//===- LLVMCombine.cpp - Collective combiners in the LLVM dialect ---------===//
#include "compiler/Target/LLVMCombine.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln::ir;

Value kiln::createLLVMCombine(OpBuilder &b, Location loc, CollectiveOp op,
                              Value lhs, Value rhs) {
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (op) {
  case CollectiveOp::Add:
    return isFloat ? Value(LLVM::FAddOp::create(b, loc, lhs, rhs))
                   : Value(LLVM::AddOp::create(b, loc, lhs, rhs));
  case CollectiveOp::Min:
    return isFloat ? Value(LLVM::MinNumOp::create(b, loc, lhs, rhs))
                   : Value(LLVM::SMinOp::create(b, loc, lhs, rhs));
  case CollectiveOp::Max:
    return isFloat ? Value(LLVM::MaxNumOp::create(b, loc, lhs, rhs))
                   : Value(LLVM::SMaxOp::create(b, loc, lhs, rhs));
  case CollectiveOp::UMin:
    return LLVM::UMinOp::create(b, loc, lhs, rhs);
  case CollectiveOp::UMax:
    return LLVM::UMaxOp::create(b, loc, lhs, rhs);
  case CollectiveOp::And:
    return LLVM::AndOp::create(b, loc, lhs, rhs);
  case CollectiveOp::Or:
    return LLVM::OrOp::create(b, loc, lhs, rhs);
  case CollectiveOp::Xor:
    return LLVM::XOrOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("the switch on op covers every value");
}
