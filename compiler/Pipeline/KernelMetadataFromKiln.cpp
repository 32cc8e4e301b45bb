//===- KernelMetadataFromKiln.cpp - Runtime metadata of kernels -----------===//
#include "compiler/Pipeline/KernelMetadataFromKiln.h"
#include "dialects/Kiln/IR/KilnOps.h"

using namespace mlir;
using namespace kiln;

namespace {
std::optional<DType> scalarDType(Type type, bool isUnsigned) {
  if (type.isInteger(1))
    return DType::Bool;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    switch (integer.getWidth()) {
    case 8:
      return isUnsigned ? DType::UInt8 : DType::Int8;
    case 16:
      return isUnsigned ? DType::UInt16 : DType::Int16;
    case 32:
      return isUnsigned ? DType::UInt32 : DType::Int32;
    case 64:
      return isUnsigned ? DType::UInt64 : DType::Int64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return DType::Float16;
  if (type.isF32())
    return DType::Float32;
  if (type.isF64())
    return DType::Float64;
  return std::nullopt;
}

FailureOr<KernelMetadata> describeKernel(kiln::KernelOp kernel) {
  KernelMetadata metadata;
  metadata.name = kernel.getSymName().str();
  metadata.indexKind = IndexKind::Item;
  ArrayRef<Type> inputs = kernel.getArgumentTypes();
  for (unsigned i = 1; i < inputs.size(); ++i) {
    KernelParam param;
    param.name = kernel.getParamName(i);
    Type element = inputs[i];
    if (auto array = dyn_cast<kiln::ArrayType>(inputs[i])) {
      param.kind = ParamKind::Array;
      param.rank = array.getRank();
      element = array.getElementType();
    }
    std::optional<DType> dtype = scalarDType(element, /*isUnsigned=*/false);
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
             << param.name << "' has type " << inputs[i]
             << ", which kernels cannot take";
    param.dtype = *dtype;
    metadata.params.push_back(std::move(param));
  }
  return metadata;
}
} // namespace

FailureOr<std::vector<KernelMetadata>>
kiln::extractKernelMetadata(ModuleOp module) {
  std::vector<KernelMetadata> kernels;
  for (auto kernel : module.getOps<kiln::KernelOp>()) {
    FailureOr<KernelMetadata> metadata = describeKernel(kernel);
    if (failed(metadata))
      return failure();
    kernels.push_back(std::move(*metadata));
  }
  return kernels;
}
