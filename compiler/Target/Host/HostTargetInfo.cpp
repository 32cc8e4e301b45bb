//===- HostTargetInfo.cpp - The host CPU's lowering choices ---------------===//
#include "compiler/Target/Host/HostTargetInfo.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {
/// What a refused feature's message says after naming it.
std::string notYet(llvm::StringRef feature, llvm::StringRef stage) {
  return (feature + " is not supported on the host target yet (issue 20, " +
          stage +
          " of docs/cpu-backend.md); run this kernel on the OpenCL CPU "
          "device (--device cpu) or a GPU")
      .str();
}

constexpr llvm::StringLiteral kBarriers = "stage 2";
constexpr llvm::StringLiteral kSubGroups = "stage 3";

/// The name a kernel parameter has in the source (`kiln.name`).
std::string parameterName(FunctionOpInterface func, unsigned i) {
  if (auto name = func.getArgAttrOfType<StringAttr>(i, "kiln.name"))
    return name.getValue().str();
  return "#" + std::to_string(i);
}

Value i32Constant(OpBuilder &b, Location loc, int32_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}

Value i64Constant(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(v));
}

/// `i64 name(i32 axis)`: a work-item query the back end resolves.
Value placeholderQuery(OpBuilder &b, Location loc, llvm::StringRef name,
                       unsigned axis) {
  auto type = LLVM::LLVMFunctionType::get(b.getI64Type(), {b.getI32Type()});
  LLVM::LLVMFuncOp callee = getOrDeclareFunction(b, name, type, LLVM::CConv::C);
  return LLVM::CallOp::create(b, loc, callee,
                              ValueRange{i32Constant(b, loc, axis)})
      .getResult();
}
} // namespace

std::optional<std::string>
HostTargetInfo::getUnsupportedOpMessage(Operation *op) const {
  if (auto kernel = dyn_cast<KernelOp>(op)) {
    for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes()))
      if (auto array = dyn_cast<ArrayType>(type); array && array.isLocal())
        return notYet("LocalAccessor parameter '" + parameterName(kernel, i) +
                          "' (work-group local memory)",
                      kBarriers);
    return std::nullopt;
  }
  if (isa<BarrierOp>(op))
    return notYet("group_barrier", kBarriers);
  if (isa<LocalAllocOp>(op))
    return notYet("local_array (work-group local memory)", kBarriers);
  if (isa<GroupReduceOp>(op))
    return notYet("group_reduce (a work-group collective)", kBarriers);
  if (isa<GroupScanOp>(op))
    return notYet("group_scan (a work-group collective)", kBarriers);
  if (isa<GroupBroadcastOp>(op))
    return notYet("group_broadcast (a work-group collective)", kBarriers);
  if (isa<SubGroupBarrierOp>(op))
    return notYet("sub_group_barrier", kSubGroups);
  if (isa<SubGroupShuffleOp>(op))
    return notYet("sub_group_shuffle", kSubGroups);
  if (isa<SubGroupReduceOp>(op))
    return notYet("sub_group_reduce", kSubGroups);
  if (isa<GetSubGroupOp, GroupSubGroupOp>(op))
    return notYet("sub-groups (get_sub_group)", kSubGroups);
  return std::nullopt;
}

//===--- Index space ------------------------------------------------------===//

Value HostTargetInfo::getLocalId(OpBuilder &b, Location loc,
                                 unsigned dim) const {
  return placeholderQuery(b, loc, kHostLocalIdFunction, dim);
}
Value HostTargetInfo::getLocalRange(OpBuilder &b, Location loc,
                                    unsigned dim) const {
  return placeholderQuery(b, loc, kHostLocalRangeFunction, dim);
}
Value HostTargetInfo::getGroupId(OpBuilder &b, Location loc,
                                 unsigned dim) const {
  return placeholderQuery(b, loc, kHostGroupIdFunction, dim);
}
Value HostTargetInfo::getGroupRange(OpBuilder &b, Location loc,
                                    unsigned dim) const {
  return placeholderQuery(b, loc, kHostGroupRangeFunction, dim);
}
Value HostTargetInfo::getGlobalId(OpBuilder &b, Location loc,
                                  unsigned dim) const {
  // group * local_range + local: the work-group function's loops make the
  // local id the induction variable, so the innermost global id is an
  // affine function of it (what the loop vectorizer needs).
  Value base = LLVM::MulOp::create(b, loc, getGroupId(b, loc, dim),
                                   getLocalRange(b, loc, dim));
  return LLVM::AddOp::create(b, loc, base, getLocalId(b, loc, dim));
}

Value HostTargetInfo::getSubGroupQuery(OpBuilder &b, Location loc,
                                       QueryKind kind) const {
  // Refused before lowering (getUnsupportedOpMessage); what stays is a
  // sub-group of one work-item, which is well defined.
  switch (kind) {
  case QueryKind::SubGroupLocalId:
    return i64Constant(b, loc, 0);
  case QueryKind::SubGroupLocalRange:
    return i64Constant(b, loc, 1);
  default: {
    Value linear = getLocalId(b, loc, 2);
    for (int axis = 1; axis >= 0; --axis)
      linear = LLVM::AddOp::create(
          b, loc,
          LLVM::MulOp::create(b, loc, linear, getLocalRange(b, loc, axis)),
          getLocalId(b, loc, axis));
    if (kind == QueryKind::SubGroupId)
      return linear;
    Value size = getLocalRange(b, loc, 0);
    for (unsigned axis = 1; axis < 3; ++axis)
      size = LLVM::MulOp::create(b, loc, size, getLocalRange(b, loc, axis));
    return size;
  }
  }
}

//===--- Synchronisation --------------------------------------------------===//

void HostTargetInfo::createBarrier(OpBuilder &b, Location loc,
                                   MemoryScope) const {
  // Refused before lowering; a barrier that reached here (hand-written
  // LLVM-dialect input) is left as a call the back end refuses.
  auto type =
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(b.getContext()), {});
  LLVM::LLVMFuncOp callee =
      getOrDeclareFunction(b, "__kiln_host_barrier", type, LLVM::CConv::C);
  callee.setConvergent(true);
  LLVM::CallOp::create(b, loc, callee, ValueRange{}).setConvergent(true);
}

void HostTargetInfo::createSubGroupBarrier(OpBuilder &b, Location loc) const {
  // A sub-group of one work-item has nothing to wait for.
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel,
                        getSyncScope(MemoryScope::SubGroup));
}

llvm::StringRef HostTargetInfo::getSyncScope(MemoryScope scope) const {
  // Every work-item of a launch may run on any core of the process: a
  // scope wider than one work-item is the whole system (LLVM's default
  // scope, the empty name).
  if (scope == MemoryScope::WorkItem)
    return "singlethread";
  return "";
}

bool HostTargetInfo::hasNativeFloatAtomic(AtomicKind kind, Type) const {
  // atomicrmw fadd/fsub: LLVM expands them for x86-64 and AArch64 itself.
  // Float min/max keep the lowering's compare-exchange loop, whose NaN and
  // signed-zero rules are the language's.
  return kind == AtomicKind::Add || kind == AtomicKind::Sub;
}

void HostTargetInfo::annotateLaunchBounds(LLVM::LLVMFuncOp entryPoint, int64_t,
                                          int64_t) const {
  // Called once per entry point: marks it for the back end, which wraps
  // it in the work-group function the runtime calls.
  MLIRContext *ctx = entryPoint.getContext();
  SmallVector<Attribute> passthrough;
  if (ArrayAttr existing = entryPoint.getPassthroughAttr())
    passthrough.append(existing.begin(), existing.end());
  passthrough.push_back(StringAttr::get(ctx, kHostKernelAttribute));
  entryPoint.setPassthroughAttr(ArrayAttr::get(ctx, passthrough));
}

//===--- Sub-groups (refused before lowering: one work-item each) ---------===//

Value HostTargetInfo::createShuffle(OpBuilder &, Location, ShuffleMode,
                                    Value value, Value) const {
  return value;
}

Value HostTargetInfo::createSubGroupReduce(OpBuilder &, Location, CollectiveOp,
                                           Value value) const {
  return value;
}

//===--- Builtins ---------------------------------------------------------===//

Value HostTargetInfo::createMathCall(OpBuilder &b, Location loc,
                                     llvm::StringRef function,
                                     ValueRange args) const {
  // libm: `sinf` for float32, `sin` for float64; float16 and bfloat16 are
  // computed in float32. rsqrt has no libm function: 1 / sqrt(x).
  Type type = args.front().getType();
  Type computeType = type.isF64() ? type : b.getF32Type();
  SmallVector<Value> operands;
  for (Value arg : args)
    operands.push_back(type != computeType ? Value(LLVM::FPExtOp::create(
                                                 b, loc, computeType, arg))
                                           : arg);
  Value result;
  if (function == "rsqrt") {
    Value root = LLVM::SqrtOp::create(b, loc, operands.front());
    Value one = LLVM::ConstantOp::create(b, loc, computeType,
                                         b.getFloatAttr(computeType, 1.0));
    result = LLVM::FDivOp::create(b, loc, one, root);
  } else {
    std::string name = function.str() + (computeType.isF64() ? "" : "f");
    SmallVector<Type> params(operands.size(), computeType);
    auto fnType = LLVM::LLVMFunctionType::get(computeType, params);
    LLVM::LLVMFuncOp callee =
        getOrDeclareFunction(b, name, fnType, LLVM::CConv::C);
    result = LLVM::CallOp::create(b, loc, callee, operands).getResult();
  }
  if (type != computeType)
    result = LLVM::FPTruncOp::create(b, loc, type, result);
  return result;
}

void HostTargetInfo::createPrintf(OpBuilder &b, Location loc,
                                  llvm::StringRef format,
                                  ValueRange args) const {
  Operation *anchor = b.getInsertionBlock()->getParentOp();
  auto module = anchor->getParentOfType<ModuleOp>();
  std::string value = format.str();
  value.push_back('\0');
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "__kiln_format_" + std::to_string(i);
    auto existing = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!existing)
      break;
    if (auto str = dyn_cast_or_null<StringAttr>(existing.getValueOrNull()))
      if (str.getValue() == value)
        break;
  }
  auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), value.size());
  if (!module.lookupSymbol<LLVM::GlobalOp>(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, arrayType, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           b.getStringAttr(value));
  }
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  Value fmt = LLVM::AddressOfOp::create(
      b, loc, ptr, FlatSymbolRefAttr::get(b.getContext(), name));
  auto type = LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr},
                                          /*isVarArg=*/true);
  LLVM::LLVMFuncOp printf =
      getOrDeclareFunction(b, "printf", type, LLVM::CConv::C);
  SmallVector<Value> operands{fmt};
  operands.append(args.begin(), args.end());
  LLVM::CallOp::create(b, loc, printf, operands);
}
