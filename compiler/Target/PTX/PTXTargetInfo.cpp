//===- PTXTargetInfo.cpp - NVPTX lowering choices -------------------------===//
#include "compiler/Target/PTX/PTXTargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace kiln;

namespace {
template <typename X, typename Y, typename Z>
Value readSpecialRegister(OpBuilder &builder, Location loc, unsigned dim) {
  Type i32 = builder.getI32Type();
  if (dim == 0)
    return X::create(builder, loc, i32);
  if (dim == 1)
    return Y::create(builder, loc, i32);
  return Z::create(builder, loc, i32);
}
} // namespace

Value PTXTargetInfo::getGlobalId(OpBuilder &builder, Location loc,
                                 unsigned dim) const {
  // ctaid * ntid + tid, computed in 64 bits: a grid may exceed 2^31 items.
  Type i64 = builder.getI64Type();
  auto widen = [&](Value v) -> Value {
    return LLVM::ZExtOp::create(builder, loc, i64, v);
  };
  Value block = widen(readSpecialRegister<NVVM::BlockIdXOp, NVVM::BlockIdYOp,
                                          NVVM::BlockIdZOp>(builder, loc, dim));
  Value size = widen(readSpecialRegister<NVVM::BlockDimXOp, NVVM::BlockDimYOp,
                                         NVVM::BlockDimZOp>(builder, loc, dim));
  Value thread = widen(readSpecialRegister<NVVM::ThreadIdXOp, NVVM::ThreadIdYOp,
                                           NVVM::ThreadIdZOp>(builder, loc, dim));
  Value base = LLVM::MulOp::create(builder, loc, block, size);
  return LLVM::AddOp::create(builder, loc, base, thread);
}
