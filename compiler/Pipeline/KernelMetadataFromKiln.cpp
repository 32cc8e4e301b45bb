//===- KernelMetadataFromKiln.cpp - Runtime metadata of kernels -----------===//
//
// Read off the kiln module after the kiln-level passes and before lowering:
// parameters, index kind, debug mode, the launch-rank argument (kernels
// reading item.dimensions), static local memory, and the device
// features the kernel (with every device function it calls) needs.
//
//===----------------------------------------------------------------------===//
#include "compiler/Pipeline/KernelMetadataFromKiln.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

#include <set>

using namespace mlir;
using namespace kiln;

namespace {
std::optional<DType> scalarDType(Type type) {
  if (type.isInteger(1))
    return DType::Bool;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    switch (integer.getWidth()) {
    case 8:
      return DType::Int8;
    case 16:
      return DType::Int16;
    case 32:
      return DType::Int32;
    case 64:
      return DType::Int64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return DType::Float16;
  if (type.isBF16())
    return DType::BFloat16;
  if (type.isF32())
    return DType::Float32;
  if (type.isF64())
    return DType::Float64;
  return std::nullopt;
}

FailureOr<KernelParam> describeParam(KernelOp kernel, unsigned i) {
  KernelParam param;
  param.name = kernel.getParamName(i);
  Type type = kernel.getArgumentTypes()[i];
  Type element = type;
  if (auto array = dyn_cast<ArrayType>(type)) {
    param.kind = array.isLocal() ? ParamKind::LocalAccessor : ParamKind::Array;
    param.rank = array.getRank();
    element = array.getElementType();
  }
  std::optional<DType> dtype = scalarDType(element);
  auto name = kernel.getArgAttrOfType<StringAttr>(i, kDTypeAttrName);
  if (name && element.isIntOrFloat()) {
    std::optional<DType> declared = parseDType(name.getValue().str());
    if (!declared || dtypeSize(*declared) * 8 !=
                         std::max(element.getIntOrFloatBitWidth(), 8u))
      return kernel.emitError("parameter '")
             << param.name << "' has kiln.dtype " << name
             << ", which does not describe " << element;
    dtype = declared;
  }
  if (!dtype)
    return kernel.emitError("parameter '")
           << param.name << "' has type " << type
           << ", which kernels cannot take";
  param.dtype = *dtype;
  return param;
}

/// The kernel and every device function it reaches through calls.
SmallVector<Operation *> reachableFunctions(KernelOp kernel) {
  SymbolTableCollection symbols;
  llvm::SetVector<Operation *> functions;
  functions.insert(kernel);
  for (size_t i = 0; i < functions.size(); ++i)
    functions[i]->walk([&](CallOp call) {
      if (auto callee = symbols.lookupNearestSymbolFrom<DeviceFuncOp>(
              call, call.getCalleeAttr()))
        functions.insert(callee);
    });
  return SmallVector<Operation *>(functions.begin(), functions.end());
}

/// Features, sub-group use and static local memory of one function.
void scanFunction(Operation *func, std::set<std::string> &features,
                  bool &usesSubGroups, uint64_t &localBytes) {
  auto noteType = [&](Type type) {
    if (auto array = dyn_cast<ArrayType>(type))
      type = array.getElementType();
    if (type.isF16())
      features.insert("fp16");
    if (type.isF64())
      features.insert("fp64");
  };
  func->walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      noteType(type);
    for (Type type : op->getOperandTypes())
      noteType(type);
    if (isa<SubGroupShuffleOp, SubGroupReduceOp, SubGroupBarrierOp,
            GetSubGroupOp>(op))
      usesSubGroups = true;
    Type atomicElement;
    if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      atomicElement = rmw.getArray().getType().getElementType();
    else if (auto cas = dyn_cast<AtomicCmpXchgOp>(op))
      atomicElement = cas.getArray().getType().getElementType();
    if (atomicElement && atomicElement.getIntOrFloatBitWidth() == 64)
      features.insert(isa<FloatType>(atomicElement) ? "fp64_atomics"
                                                     : "int64_atomics");
    if (auto local = dyn_cast<LocalAllocOp>(op)) {
      uint64_t n = 1;
      for (int64_t extent : local.getShape())
        n *= extent;
      Type element = local.getResult().getType().getElementType();
      localBytes += n * std::max(element.getIntOrFloatBitWidth() / 8, 1u);
    }
  });
  if (usesSubGroups)
    features.insert("sub_groups");
}

std::vector<std::string> debugNames(ModuleOp module) {
  std::vector<std::string> names;
  if (auto attr = module->getAttrOfType<ArrayAttr>("kiln.debug_names"))
    for (Attribute name : attr)
      names.push_back(cast<StringAttr>(name).str());
  return names;
}

FailureOr<KernelMetadata> describeKernel(KernelOp kernel, unsigned subGroupSize) {
  KernelMetadata metadata;
  metadata.name = kernel.getSymName().str();
  ArrayRef<Type> inputs = kernel.getArgumentTypes();
  metadata.indexKind =
      isa<NdItemType>(inputs[0]) ? IndexKind::NdItem : IndexKind::Item;
  // The same decision convert-kiln-to-llvm takes for the entry point.
  metadata.takesLaunchRank = kernel.readsLaunchRank();
  for (unsigned i = 1; i < inputs.size(); ++i) {
    if (isa<DebugType>(inputs[i])) {
      metadata.debug = true;
      continue;
    }
    FailureOr<KernelParam> param = describeParam(kernel, i);
    if (failed(param))
      return failure();
    metadata.params.push_back(std::move(*param));
  }
  std::set<std::string> features;
  bool usesSubGroups = false;
  for (Operation *func : reachableFunctions(kernel))
    scanFunction(func, features, usesSubGroups, metadata.staticLocalMemBytes);
  metadata.requiredFeatures.assign(features.begin(), features.end());
  metadata.subGroupSize = usesSubGroups ? subGroupSize : 0;
  if (metadata.debug)
    metadata.debugNames = debugNames(kernel->getParentOfType<ModuleOp>());
  return metadata;
}
} // namespace

FailureOr<std::vector<KernelMetadata>>
kiln::extractKernelMetadata(ModuleOp module, unsigned subGroupSize) {
  std::vector<KernelMetadata> kernels;
  for (auto kernel : module.getOps<KernelOp>()) {
    FailureOr<KernelMetadata> metadata = describeKernel(kernel, subGroupSize);
    if (failed(metadata))
      return failure();
    kernels.push_back(std::move(*metadata));
  }
  return kernels;
}
