//===- PTXTargetInfo.cpp - NVPTX index space and synchronisation ----------===//
#include "compiler/Target/PTX/PTXTargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {
/// Reads the x/y/z special register of `dim` as an i64.
template <typename X, typename Y, typename Z>
Value readRegister(OpBuilder &b, Location loc, unsigned dim) {
  Type i32 = b.getI32Type();
  Value v = dim == 0   ? Value(X::create(b, loc, i32))
            : dim == 1 ? Value(Y::create(b, loc, i32))
                       : Value(Z::create(b, loc, i32));
  return LLVM::ZExtOp::create(b, loc, b.getI64Type(), v);
}

Value constantI64(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(v));
}

/// The thread's index within its block in hardware (x fastest) order, which
/// is how warps are formed.
Value hardwareLinearThreadId(const PTXTargetInfo &t, OpBuilder &b,
                             Location loc) {
  Value x = t.getLocalId(b, loc, 0), y = t.getLocalId(b, loc, 1),
        z = t.getLocalId(b, loc, 2);
  Value nx = t.getLocalRange(b, loc, 0), ny = t.getLocalRange(b, loc, 1);
  Value zy = LLVM::AddOp::create(b, loc, LLVM::MulOp::create(b, loc, z, ny), y);
  return LLVM::AddOp::create(b, loc, LLVM::MulOp::create(b, loc, zy, nx), x);
}

Value blockSize(const PTXTargetInfo &t, OpBuilder &b, Location loc) {
  Value n = t.getLocalRange(b, loc, 0);
  n = LLVM::MulOp::create(b, loc, n, t.getLocalRange(b, loc, 1));
  return LLVM::MulOp::create(b, loc, n, t.getLocalRange(b, loc, 2));
}
} // namespace

Value PTXTargetInfo::getGlobalId(OpBuilder &b, Location loc,
                                 unsigned dim) const {
  // ctaid * ntid + tid in 64 bits: a grid may exceed 2^31 work-items.
  Value group = getGroupId(b, loc, dim);
  Value size = getLocalRange(b, loc, dim);
  Value base = LLVM::MulOp::create(b, loc, group, size);
  Value local = getLocalId(b, loc, dim);
  return LLVM::AddOp::create(b, loc, base, local);
}

Value PTXTargetInfo::getLocalId(OpBuilder &b, Location loc,
                                unsigned dim) const {
  return readRegister<NVVM::ThreadIdXOp, NVVM::ThreadIdYOp, NVVM::ThreadIdZOp>(
      b, loc, dim);
}

Value PTXTargetInfo::getLocalRange(OpBuilder &b, Location loc,
                                   unsigned dim) const {
  return readRegister<NVVM::BlockDimXOp, NVVM::BlockDimYOp, NVVM::BlockDimZOp>(
      b, loc, dim);
}

Value PTXTargetInfo::getGroupId(OpBuilder &b, Location loc,
                                unsigned dim) const {
  return readRegister<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(
      b, loc, dim);
}

Value PTXTargetInfo::getGroupRange(OpBuilder &b, Location loc,
                                   unsigned dim) const {
  return readRegister<NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(
      b, loc, dim);
}

Value PTXTargetInfo::getSubGroupQuery(OpBuilder &b, Location loc,
                                      QueryKind kind) const {
  Value warp = constantI64(b, loc, getSubGroupSize());
  Value linear = hardwareLinearThreadId(*this, b, loc);
  Value size = blockSize(*this, b, loc);
  switch (kind) {
  case QueryKind::SubGroupLocalId:
    return LLVM::URemOp::create(b, loc, linear, warp);
  case QueryKind::SubGroupId:
    return LLVM::UDivOp::create(b, loc, linear, warp);
  case QueryKind::SubGroupRange: {
    Value rounded = LLVM::AddOp::create(
        b, loc, size, constantI64(b, loc, getSubGroupSize() - 1));
    return LLVM::UDivOp::create(b, loc, rounded, warp);
  }
  default: {
    // The last warp of a block whose size is not a multiple of 32 is short.
    Value first = LLVM::MulOp::create(
        b, loc, LLVM::UDivOp::create(b, loc, linear, warp), warp);
    Value left = LLVM::SubOp::create(b, loc, size, first);
    return LLVM::UMinOp::create(b, loc, left, warp);
  }
  }
}

Value PTXTargetInfo::getDynamicLocalMemoryBase(OpBuilder &b,
                                               Location loc) const {
  Operation *anchor = b.getInsertionBlock()->getParentOp();
  auto module = anchor->getParentOfType<ModuleOp>();
  constexpr llvm::StringLiteral name = "__kiln_dynamic_local_memory";
  auto i8Array = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  if (!module.lookupSymbol<LLVM::GlobalOp>(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, i8Array, /*isConstant=*/false,
                           LLVM::Linkage::External, name, Attribute(),
                           /*alignment=*/16, getLocalAddressSpace());
  }
  auto ptr = LLVM::LLVMPointerType::get(b.getContext(), getLocalAddressSpace());
  return LLVM::AddressOfOp::create(
      b, loc, ptr, FlatSymbolRefAttr::get(b.getContext(), name));
}

void PTXTargetInfo::createBarrier(OpBuilder &b, Location loc,
                                  MemoryScope fenceScope) const {
  // bar.sync orders memory at block scope; wider scopes add a fence.
  if (fenceScope == MemoryScope::Device || fenceScope == MemoryScope::System)
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel,
                          getSyncScope(fenceScope));
  NVVM::Barrier0Op::create(b, loc);
}

void PTXTargetInfo::createSubGroupBarrier(OpBuilder &b, Location loc) const {
  Value all =
      LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(-1));
  LLVM::CallIntrinsicOp::create(
      b, loc, b.getStringAttr("llvm.nvvm.bar.warp.sync"), ValueRange{all});
}

llvm::StringRef PTXTargetInfo::getSyncScope(MemoryScope scope) const {
  switch (scope) {
  case MemoryScope::WorkItem:
    return "singlethread";
  case MemoryScope::SubGroup: // PTX has no warp scope: the CTA covers it.
  case MemoryScope::WorkGroup:
    return "block";
  case MemoryScope::Device:
    return "device";
  case MemoryScope::System:
    return "";
  }
  llvm_unreachable("the switch on scope covers every value");
}

bool PTXTargetInfo::hasNativeFloatAtomic(AtomicKind kind, Type type) const {
  return kind == AtomicKind::Add || kind == AtomicKind::Sub;
}

void PTXTargetInfo::annotateLaunchBounds(LLVM::LLVMFuncOp entryPoint,
                                         int64_t maxWorkGroupSize,
                                         int64_t minWorkGroupsPerCU) const {
  if (maxWorkGroupSize <= 0)
    return;
  MLIRContext *ctx = entryPoint.getContext();
  auto pair = [&](StringRef key, const std::string &value) -> Attribute {
    return ArrayAttr::get(
        ctx, {StringAttr::get(ctx, key), StringAttr::get(ctx, value)});
  };
  SmallVector<Attribute> passthrough;
  if (ArrayAttr existing = entryPoint.getPassthroughAttr())
    passthrough.append(existing.begin(), existing.end());
  // The product of the three is the bound: the runtime checks the
  // work-group's size, whatever its shape.
  passthrough.push_back(
      pair("nvvm.maxntid", std::to_string(maxWorkGroupSize) + ",1,1"));
  if (minWorkGroupsPerCU > 0)
    passthrough.push_back(
        pair("nvvm.minctasm", std::to_string(minWorkGroupsPerCU)));
  entryPoint.setPassthroughAttr(ArrayAttr::get(ctx, passthrough));
}
