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


//===----------------------------------------------------------------------===//
// Function-like ops
//===----------------------------------------------------------------------===//

namespace {
template <typename FuncOpT>
ParseResult parseFuncLike(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> argTypes,
                      ArrayRef<Type> results, function_interface_impl::VariadicFlag,
                      std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      FuncOpT::getFunctionTypeAttrName(result.name), buildType,
      FuncOpT::getArgAttrsAttrName(result.name),
      FuncOpT::getResAttrsAttrName(result.name));
}

template <typename FuncOpT>
void printFuncLike(FuncOpT op, OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, op, /*isVariadic=*/false, op.getFunctionTypeAttrName(),
      op.getArgAttrsAttrName(), op.getResAttrsAttrName());
}

template <typename FuncOpT>
std::string paramName(FuncOpT op, unsigned i) {
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
             << i << " has type " << arg.getType()
             << " but the signature says " << inputs[i];
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
  if (type.getNumInputs() == 0 || !isa<ItemType>(type.getInput(0)))
    return emitOpError(
        "a kernel's first argument must be the work-item (!kiln.item)");
  for (auto [i, input] : llvm::enumerate(type.getInputs().drop_front()))
    if (!isa<IntegerType, FloatType, ArrayType>(input))
      return emitOpError("kernel argument #")
             << i + 1 << " ('" << getParamName(i + 1)
             << "') must be a scalar or !kiln.array, got " << input;
  if (getBody().empty())
    return emitOpError("a kernel must have a body");
  return verifyEntryBlock(*this);
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
    return emitOpError("'") << getCallee()
                            << "' does not name a kiln.device_func";
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
    return op->emitOpError("needs ")
           << type.getRank() << " index(es) for " << type << ", got "
           << numIndices;
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

#define GET_OP_CLASSES
#include "dialects/Kiln/IR/KilnOps.cpp.inc"
