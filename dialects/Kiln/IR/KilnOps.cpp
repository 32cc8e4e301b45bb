//===- KilnOps.cpp - kiln dialect operations ------------------------------===//
//
// Custom syntax and verifiers. Verifier messages are user-facing: DSLs that
// build the dialect directly see them, so they say what is wrong and why.
//
//===----------------------------------------------------------------------===//
#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

//===----------------------------------------------------------------------===//
// Function-like ops
//===----------------------------------------------------------------------===//

namespace {
template <typename FuncOpT>
ParseResult parseFuncLike(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> argTypes,
                      ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      FuncOpT::getFunctionTypeAttrName(result.name), buildType,
      FuncOpT::getArgAttrsAttrName(result.name),
      FuncOpT::getResAttrsAttrName(result.name));
}

template <typename FuncOpT> void printFuncLike(FuncOpT op, OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, op, /*isVariadic=*/false, op.getFunctionTypeAttrName(),
      op.getArgAttrsAttrName(), op.getResAttrsAttrName());
}

template <typename FuncOpT> std::string paramName(FuncOpT op, unsigned i) {
  if (auto name = op.template getArgAttrOfType<StringAttr>(i, "kiln.name"))
    return name.str();
  return "arg" + std::to_string(i);
}

/// Checks that the entry block agrees with the signature; shared by kernels
/// and device functions.
LogicalResult verifyEntryBlock(FunctionOpInterface op) {
  if (op.isExternal())
    return success();
  Block &entry = op.getFunctionBody().front();
  ArrayRef<Type> inputs = op.getArgumentTypes();
  if (entry.getNumArguments() != inputs.size())
    return op.emitOpError("entry block has ")
           << entry.getNumArguments() << " arguments but the signature has "
           << inputs.size();
  for (auto [i, arg] : llvm::enumerate(entry.getArguments()))
    if (arg.getType() != inputs[i])
      return op.emitOpError("entry block argument #")
             << i << " has type " << arg.getType() << " but the signature says "
             << inputs[i];
  return success();
}
} // namespace

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFuncLike<KernelOp>(parser, result);
}
void KernelOp::print(OpAsmPrinter &p) { printFuncLike(*this, p); }
std::string KernelOp::getParamName(unsigned i) { return paramName(*this, i); }

LogicalResult KernelOp::verify() {
  FunctionType type = getFunctionType();
  if (!type.getResults().empty())
    return emitOpError("a kernel returns nothing, but its signature has ")
           << type.getNumResults() << " result(s)";
  if (type.getNumInputs() == 0 || !isa<ItemType, NdItemType>(type.getInput(0)))
    return emitOpError("a kernel's first argument must be the work-item "
                       "(!kiln.item or !kiln.nd_item)");
  ArrayRef<Type> params = type.getInputs().drop_front();
  for (auto [i, input] : llvm::enumerate(params)) {
    auto array = dyn_cast<ArrayType>(input);
    bool isDebug = isa<DebugType>(input);
    if (isDebug && i + 1 != params.size())
      return emitOpError("!kiln.debug must be the last kernel argument");
    if (isa<IntegerType, FloatType, ComplexType>(input) || isDebug ||
        (array && !array.isPrivate()))
      continue;
    return emitOpError("kernel argument #")
           << i + 1 << " ('" << getParamName(i + 1)
           << "') must be a scalar, a global or local !kiln.array, got "
           << input;
  }
  if (Attribute rank = (*this)->getAttr(getLaunchRankAttrName())) {
    auto value = dyn_cast<IntegerAttr>(rank);
    if (!value || value.getInt() < 1 || value.getInt() > 3)
      return emitOpError("'")
             << getLaunchRankAttrName()
             << "' must be an integer launch rank in 1..3, got " << rank;
  }
  if (getBody().empty())
    return emitOpError("a kernel must have a body");
  return verifyEntryBlock(*this);
}

unsigned KernelOp::getLaunchRank() {
  auto rank = (*this)->getAttrOfType<IntegerAttr>(getLaunchRankAttrName());
  return rank ? static_cast<unsigned>(rank.getInt()) : 0;
}

ParseResult DeviceFuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFuncLike<DeviceFuncOp>(parser, result);
}
void DeviceFuncOp::print(OpAsmPrinter &p) { printFuncLike(*this, p); }
std::string DeviceFuncOp::getParamName(unsigned i) {
  return paramName(*this, i);
}

LogicalResult DeviceFuncOp::verify() {
  if (getFunctionType().getNumResults() > 1)
    return emitOpError("a device function returns at most one value");
  return verifyEntryBlock(*this);
}

//===----------------------------------------------------------------------===//
// ReturnOp / CallOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto func = (*this)->getParentOfType<FunctionOpInterface>();
  ArrayRef<Type> results = func.getResultTypes();
  if (getOperands().size() != results.size())
    return emitOpError("returns ")
           << getOperands().size() << " value(s) but the enclosing function "
           << "returns " << results.size();
  for (auto [i, value] : llvm::enumerate(getOperands()))
    if (value.getType() != results[i])
      return emitOpError("return value #")
             << i << " has type " << value.getType()
             << " but the function returns " << results[i];
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<DeviceFuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'")
           << getCallee() << "' does not name a kiln.device_func";
  FunctionType type = callee.getFunctionType();
  if (!llvm::equal(type.getInputs(), getOperandTypes()) ||
      !llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError("call type (")
           << getOperandTypes() << ") -> (" << getResultTypes()
           << ") does not match the callee's " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// Array access
//===----------------------------------------------------------------------===//

LogicalResult DimOp::verify() {
  unsigned rank = getArray().getType().getRank();
  if (getDim() >= rank)
    return emitOpError("dimension ")
           << getDim() << " is out of range for an array of rank " << rank;
  return success();
}

namespace {
LogicalResult verifyAccess(Operation *op, ArrayType type, size_t numIndices,
                           Type element) {
  if (numIndices != type.getRank())
    return op->emitOpError("needs ") << type.getRank() << " index(es) for "
                                     << type << ", got " << numIndices;
  if (element != type.getElementType())
    return op->emitOpError("element type ")
           << element << " does not match the array's "
           << type.getElementType();
  return success();
}
} // namespace

LogicalResult LoadOp::verify() {
  return verifyAccess(*this, getArray().getType(), getIndices().size(),
                      getResult().getType());
}

LogicalResult StoreOp::verify() {
  return verifyAccess(*this, getArray().getType(), getIndices().size(),
                      getValue().getType());
}

LogicalResult RowViewOp::verify() {
  ArrayType source = getArray().getType();
  size_t k = getIndices().size();
  if (k == 0 || k >= source.getRank())
    return emitOpError("indexes 1 to ")
           << source.getRank() - 1 << " leading dimension(s) of " << source
           << ", got " << k;
  if (getResult().getType() != source.withRank(source.getRank() - k))
    return emitOpError("result must be ")
           << source.withRank(source.getRank() - k) << ", got "
           << getResult().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Index space
//===----------------------------------------------------------------------===//

LogicalResult QueryOp::verify() {
  Type object = getObject().getType();
  QueryKind kind = getKind();
  bool subGroupQuery = kind == QueryKind::SubGroupLocalId ||
                       kind == QueryKind::SubGroupLocalRange ||
                       kind == QueryKind::SubGroupId ||
                       kind == QueryKind::SubGroupRange;
  bool ok = false;
  if (isa<NdItemType>(object))
    ok = kind == QueryKind::GlobalId || kind == QueryKind::LocalId ||
         kind == QueryKind::GlobalRange || kind == QueryKind::LocalRange;
  else if (isa<GroupType>(object))
    ok = kind == QueryKind::GroupId || kind == QueryKind::GroupRange ||
         kind == QueryKind::LocalRange || kind == QueryKind::LocalId;
  else if (isa<SubGroupType>(object))
    ok = subGroupQuery;
  else if (isa<ItemType>(object))
    ok = kind == QueryKind::GlobalId || kind == QueryKind::GlobalRange;
  if (!ok)
    return emitOpError("'")
           << stringifyQueryKind(kind) << "' is not a query of " << object;
  if (subGroupQuery && getDim() != 0)
    return emitOpError("sub-group queries are one-dimensional (dim 0)");
  return success();
}

//===----------------------------------------------------------------------===//
// Local and private memory
//===----------------------------------------------------------------------===//

namespace {
LogicalResult verifyStaticAlloc(Operation *op, ArrayType type,
                                ArrayRef<int64_t> shape, MemorySpace space) {
  if (type.getSpace() != space)
    return op->emitOpError("result must be a !kiln.array in ")
           << stringifyMemorySpace(space) << " memory";
  if (shape.size() != type.getRank())
    return op->emitOpError("shape has ")
           << shape.size() << " extent(s) but the array has rank "
           << type.getRank();
  for (int64_t extent : shape)
    if (extent <= 0)
      return op->emitOpError("extents must be positive, got ") << extent;
  return success();
}
} // namespace

LogicalResult LocalAllocOp::verify() {
  return verifyStaticAlloc(*this, getResult().getType(), getShape(),
                           MemorySpace::Local);
}

LogicalResult PrivateAllocOp::verify() {
  return verifyStaticAlloc(*this, getResult().getType(), getShape(),
                           MemorySpace::Private);
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

namespace {
LogicalResult verifyAtomicAccess(Operation *op, ArrayType type,
                                 size_t numIndices) {
  if (numIndices != type.getRank())
    return op->emitOpError("needs ") << type.getRank() << " index(es) for "
                                     << type << ", got " << numIndices;
  if (type.isPrivate())
    return op->emitOpError("atomics need global or local memory, not private");
  Type element = type.getElementType();
  unsigned width = element.getIntOrFloatBitWidth();
  if (width != 32 && width != 64)
    return op->emitOpError("atomics need a 32- or 64-bit element type, got ")
           << element;
  return success();
}
} // namespace

LogicalResult AtomicRMWOp::verify() {
  if (failed(
          verifyAtomicAccess(*this, getArray().getType(), getIndices().size())))
    return failure();
  Type element = getArray().getType().getElementType();
  AtomicKind kind = getKind();
  bool bitwise = kind == AtomicKind::And || kind == AtomicKind::Or ||
                 kind == AtomicKind::Xor || kind == AtomicKind::UMin ||
                 kind == AtomicKind::UMax;
  if (isa<FloatType>(element) && bitwise)
    return emitOpError("'")
           << stringifyAtomicKind(kind) << "' is not defined on " << element;
  return success();
}

LogicalResult AtomicLoadOp::verify() {
  if (getOrder() == MemoryOrder::Release || getOrder() == MemoryOrder::AcqRel)
    return emitOpError("an atomic load cannot have release semantics");
  return verifyAtomicAccess(*this, getArray().getType(), getIndices().size());
}

LogicalResult AtomicStoreOp::verify() {
  if (getOrder() == MemoryOrder::Acquire || getOrder() == MemoryOrder::AcqRel)
    return emitOpError("an atomic store cannot have acquire semantics");
  return verifyAtomicAccess(*this, getArray().getType(), getIndices().size());
}

LogicalResult AtomicCmpXchgOp::verify() {
  return verifyAtomicAccess(*this, getArray().getType(), getIndices().size());
}

LogicalResult AtomicFenceOp::verify() {
  if (getOrder() == MemoryOrder::Relaxed)
    return emitOpError("a relaxed fence orders nothing");
  return success();
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

namespace {
LogicalResult verifyCombiner(Operation *op, CollectiveOp combiner, Type type) {
  bool bitwise =
      combiner == CollectiveOp::And || combiner == CollectiveOp::Or ||
      combiner == CollectiveOp::Xor || combiner == CollectiveOp::UMin ||
      combiner == CollectiveOp::UMax;
  if (isa<FloatType>(type) && bitwise)
    return op->emitOpError("'")
           << stringifyCollectiveOp(combiner) << "' is not defined on " << type;
  return success();
}
} // namespace

LogicalResult SubGroupReduceOp::verify() {
  return verifyCombiner(*this, getOp(), getValue().getType());
}
LogicalResult GroupReduceOp::verify() {
  return verifyCombiner(*this, getOp(), getValue().getType());
}
LogicalResult GroupScanOp::verify() {
  return verifyCombiner(*this, getOp(), getValue().getType());
}

#define GET_OP_CLASSES
#include "dialects/Kiln/IR/KilnOps.cpp.inc"
