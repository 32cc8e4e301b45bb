//===- SPIRVTargetInfo.cpp - SPIR-V index space and synchronisation -------===//
#include "compiler/Target/SPIRV/SPIRVTargetInfo.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace kiln;

Value kiln::callOpenCLBuiltin(OpBuilder &b, Location loc,
                              llvm::StringRef mangledName, Type result,
                              ValueRange args, bool convergent) {
  SmallVector<Type> params;
  for (Value arg : args)
    params.push_back(arg.getType());
  Type resultType = result ? result : LLVM::LLVMVoidType::get(b.getContext());
  auto type = LLVM::LLVMFunctionType::get(resultType, params);
  LLVM::LLVMFuncOp callee =
      getOrDeclareFunction(b, mangledName, type, LLVM::CConv::SPIR_FUNC);
  auto call = LLVM::CallOp::create(b, loc, callee, args);
  call.setCConv(LLVM::CConv::SPIR_FUNC);
  if (convergent) {
    callee.setConvergent(true);
    call.setConvergent(true);
  }
  return result ? call.getResult() : Value();
}

namespace {
/// `size_t name(uint dim)` work-item functions.
Value workItemQuery(OpBuilder &b, Location loc, StringRef mangled,
                    unsigned dim) {
  Value d = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                     b.getI32IntegerAttr(dim));
  return callOpenCLBuiltin(b, loc, mangled, b.getI64Type(), ValueRange{d});
}

Value uintQuery(OpBuilder &b, Location loc, StringRef mangled) {
  Value v = callOpenCLBuiltin(b, loc, mangled, b.getI32Type(), {});
  return LLVM::ZExtOp::create(b, loc, b.getI64Type(), v);
}

Value fenceFlags(OpBuilder &b, Location loc) {
  // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE: SYCL's group_barrier orders
  // both address spaces.
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(3));
}
} // namespace

Value SPIRVTargetInfo::getGlobalId(OpBuilder &b, Location loc,
                                   unsigned dim) const {
  return workItemQuery(b, loc, "_Z13get_global_idj", dim);
}
Value SPIRVTargetInfo::getLocalId(OpBuilder &b, Location loc,
                                  unsigned dim) const {
  return workItemQuery(b, loc, "_Z12get_local_idj", dim);
}
Value SPIRVTargetInfo::getLocalRange(OpBuilder &b, Location loc,
                                     unsigned dim) const {
  return workItemQuery(b, loc, "_Z14get_local_sizej", dim);
}
Value SPIRVTargetInfo::getGroupId(OpBuilder &b, Location loc,
                                  unsigned dim) const {
  return workItemQuery(b, loc, "_Z12get_group_idj", dim);
}
Value SPIRVTargetInfo::getGroupRange(OpBuilder &b, Location loc,
                                     unsigned dim) const {
  return workItemQuery(b, loc, "_Z14get_num_groupsj", dim);
}

Value SPIRVTargetInfo::getSubGroupQuery(OpBuilder &b, Location loc,
                                        QueryKind kind) const {
  switch (kind) {
  case QueryKind::SubGroupLocalId:
    return uintQuery(b, loc, "_Z22get_sub_group_local_idv");
  case QueryKind::SubGroupId:
    return uintQuery(b, loc, "_Z16get_sub_group_idv");
  case QueryKind::SubGroupRange:
    return uintQuery(b, loc, "_Z18get_num_sub_groupsv");
  default:
    return uintQuery(b, loc, "_Z18get_sub_group_sizev");
  }
}

void SPIRVTargetInfo::createBarrier(OpBuilder &b, Location loc,
                                    MemoryScope fenceScope) const {
  if (fenceScope == MemoryScope::Device || fenceScope == MemoryScope::System)
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel,
                          getSyncScope(fenceScope));
  callOpenCLBuiltin(b, loc, "_Z7barrierj", Type(),
                    ValueRange{fenceFlags(b, loc)}, /*convergent=*/true);
}

void SPIRVTargetInfo::createSubGroupBarrier(OpBuilder &b, Location loc) const {
  callOpenCLBuiltin(b, loc, "_Z17sub_group_barrierj", Type(),
                    ValueRange{fenceFlags(b, loc)}, /*convergent=*/true);
}

llvm::StringRef SPIRVTargetInfo::getSyncScope(MemoryScope scope) const {
  switch (scope) {
  case MemoryScope::WorkItem:
    return "singlethread";
  case MemoryScope::SubGroup:
    return "subgroup";
  case MemoryScope::WorkGroup:
    return "workgroup";
  case MemoryScope::Device:
    return "device";
  case MemoryScope::System:
    return "";
  }
  return "";
}

bool SPIRVTargetInfo::hasNativeFloatAtomic(AtomicKind kind, Type type) const {
  // Float add/min/max need SPV_EXT_shader_atomic_float_*, which OpenCL
  // consumers such as PoCL lack: those use a compare-exchange loop.
  return kind == AtomicKind::Exchange;
}
