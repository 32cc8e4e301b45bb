//===- SPIRVTargetInfo.cpp - SPIR-V index space and synchronisation -------===//
#include "compiler/Target/SPIRV/SPIRVTargetInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

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
  llvm_unreachable("the switch on scope covers every value");
}

bool SPIRVTargetInfo::hasNativeFloatAtomic(AtomicKind kind, Type type) const {
  // Float add/min/max need SPV_EXT_shader_atomic_float_*, which OpenCL
  // consumers such as PoCL lack: those use a compare-exchange loop.
  return false;
}

namespace {
/// SPIR-V Scope and MemorySemantics operand values (SPIR-V spec 3.27, 3.25).
int32_t spirvScope(MemoryScope scope) {
  switch (scope) {
  case MemoryScope::System:
    return 0; // CrossDevice
  case MemoryScope::Device:
    return 1;
  case MemoryScope::WorkGroup:
    return 2;
  case MemoryScope::SubGroup:
    return 3;
  case MemoryScope::WorkItem:
    return 4; // Invocation
  }
  llvm_unreachable("the switch on scope covers every value");
}

int32_t spirvSemantics(MemoryOrder order, unsigned addressSpace) {
  int32_t storage =
      addressSpace == 3 ? 0x100 : 0x200; // Workgroup / CrossWorkgroup
  switch (order) {
  case MemoryOrder::Relaxed:
    return 0;
  case MemoryOrder::Acquire:
    return 0x2 | storage;
  case MemoryOrder::Release:
    return 0x4 | storage;
  case MemoryOrder::AcqRel:
    return 0x8 | storage;
  case MemoryOrder::SeqCst:
    return 0x10 | storage;
  }
  llvm_unreachable("the switch on order covers every value");
}

Value i32Constant(OpBuilder &b, Location loc, int32_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}
} // namespace

Value SPIRVTargetInfo::createCompareExchange(OpBuilder &b, Location loc,
                                             Value ptr, Value expected,
                                             Value desired, MemoryOrder order,
                                             MemoryScope scope) const {
  // LLVM 22's SPIR-V back end mistypes an LLVM cmpxchg result that reaches
  // a phi (spirv-val rejects the module); the SPIR-V builtin returns the
  // old value alone.
  unsigned space = cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace();
  bool wide = expected.getType().getIntOrFloatBitWidth() == 64;
  std::string name = "_Z29__spirv_AtomicCompareExchangePU3AS" +
                     std::to_string(space) + (wide ? "liiill" : "iiiiii");
  MemoryOrder failure = order == MemoryOrder::AcqRel    ? MemoryOrder::Acquire
                        : order == MemoryOrder::Release ? MemoryOrder::Relaxed
                                                        : order;
  auto i32 = [&](int32_t v) { return i32Constant(b, loc, v); };
  return callOpenCLBuiltin(
      b, loc, name, expected.getType(),
      ValueRange{ptr, i32(spirvScope(scope)), i32(spirvSemantics(order, space)),
                 i32(spirvSemantics(failure, space)), desired, expected});
}

// LLVM 22's SPIR-V back end writes an atomic LLVM load or store as a plain
// OpLoad / OpStore, dropping atomicity and ordering; the SPIR-V builtins
// become OpAtomicLoad / OpAtomicStore.
Value SPIRVTargetInfo::createAtomicLoad(OpBuilder &b, Location loc, Value ptr,
                                        Type bits, MemoryOrder order,
                                        MemoryScope scope) const {
  unsigned space = cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace();
  bool wide = bits.getIntOrFloatBitWidth() == 64;
  std::string name = "_Z18__spirv_AtomicLoadPU3AS" + std::to_string(space) +
                     (wide ? "lii" : "iii");
  return callOpenCLBuiltin(
      b, loc, name, bits,
      ValueRange{ptr, i32Constant(b, loc, spirvScope(scope)),
                 i32Constant(b, loc, spirvSemantics(order, space))});
}

void SPIRVTargetInfo::createAtomicStore(OpBuilder &b, Location loc, Value ptr,
                                        Value value, MemoryOrder order,
                                        MemoryScope scope) const {
  unsigned space = cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace();
  bool wide = value.getType().getIntOrFloatBitWidth() == 64;
  std::string name = "_Z19__spirv_AtomicStorePU3AS" + std::to_string(space) +
                     (wide ? "liil" : "iiii");
  callOpenCLBuiltin(
      b, loc, name, Type(),
      ValueRange{ptr, i32Constant(b, loc, spirvScope(scope)),
                 i32Constant(b, loc, spirvSemantics(order, space)), value});
}
