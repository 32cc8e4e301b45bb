//===- PTXBuiltins.cpp - libdevice math and vprintf -----------------------===//
//
// Math functions become calls to CUDA's libdevice (`__nv_sinf`, `__nv_sin`),
// linked as bitcode before LLVM's optimisation pipeline (LLVMCodegen).
// float16 is computed in float32, as CUDA's own half math does.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/PTX/PTXTargetInfo.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace kiln;

Value PTXTargetInfo::createMathCall(OpBuilder &b, Location loc,
                                    llvm::StringRef function,
                                    ValueRange args) const {
  Type type = args.front().getType();
  Type computeType = type.isF16() ? b.getF32Type() : type;
  SmallVector<Value> operands;
  for (Value arg : args)
    operands.push_back(
        type.isF16() ? Value(LLVM::FPExtOp::create(b, loc, computeType, arg))
                     : arg);
  std::string name =
      "__nv_" + function.str() + (computeType.isF64() ? "" : "f");
  SmallVector<Type> params(operands.size(), computeType);
  auto fnType = LLVM::LLVMFunctionType::get(computeType, params);
  LLVM::LLVMFuncOp callee =
      getOrDeclareFunction(b, name, fnType, LLVM::CConv::C);
  Value result = LLVM::CallOp::create(b, loc, callee, operands).getResult();
  if (type.isF16())
    result = LLVM::FPTruncOp::create(b, loc, type, result);
  return result;
}

namespace {
/// A NUL-terminated constant string global; returns its generic address.
Value stringConstant(OpBuilder &b, Location loc, StringRef text) {
  Operation *anchor = b.getInsertionBlock()->getParentOp();
  auto module = anchor->getParentOfType<ModuleOp>();
  std::string value = text.str();
  value.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), value.size());
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
  if (!module.lookupSymbol<LLVM::GlobalOp>(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           b.getStringAttr(value));
  }
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::AddressOfOp::create(
      b, loc, ptr, FlatSymbolRefAttr::get(b.getContext(), name));
}
} // namespace

void PTXTargetInfo::createPrintf(OpBuilder &b, Location loc,
                                 llvm::StringRef format,
                                 ValueRange args) const {
  // vprintf(format, buffer): arguments packed in a local struct with their
  // natural alignment, as CUDA's printf does.
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  Value buffer = LLVM::ZeroOp::create(b, loc, ptr);
  if (!args.empty()) {
    SmallVector<Type> fields;
    for (Value arg : args)
      fields.push_back(arg.getType());
    auto structType = LLVM::LLVMStructType::getLiteral(b.getContext(), fields);
    Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                         b.getI64IntegerAttr(1));
    buffer = LLVM::AllocaOp::create(b, loc, ptr, structType, one, 8);
    for (auto [i, arg] : llvm::enumerate(args)) {
      Value field = LLVM::GEPOp::create(
          b, loc, ptr, structType, buffer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(b, loc, arg, field);
    }
  }
  auto fnType = LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr, ptr});
  LLVM::LLVMFuncOp vprintf =
      getOrDeclareFunction(b, "vprintf", fnType, LLVM::CConv::C);
  LLVM::CallOp::create(b, loc, vprintf,
                       ValueRange{stringConstant(b, loc, format), buffer});
}
