//===- SPIRVBuiltins.cpp - OpenCL builtins for SPIR-V ---------------------===//
//
// Sub-group operations (cl_khr_subgroups, cl_khr_subgroup_shuffle*,
// cl_khr_subgroup_non_uniform_arithmetic), math (OpenCL.std) and printf,
// called by their Itanium-mangled OpenCL C names.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVTargetInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {
/// Itanium code of an OpenCL C scalar type (signed for integers unless
/// `isUnsigned`).
std::string typeCode(Type type, bool isUnsigned = false) {
  if (type.isF16())
    return "Dh";
  if (type.isF32())
    return "f";
  if (type.isF64())
    return "d";
  switch (type.getIntOrFloatBitWidth()) {
  case 8:
    return isUnsigned ? "h" : "c";
  case 16:
    return isUnsigned ? "t" : "s";
  case 32:
    return isUnsigned ? "j" : "i";
  default:
    return isUnsigned ? "m" : "l";
  }
}

std::string mangle(StringRef name, StringRef codes) {
  return "_Z" + std::to_string(name.size()) + name.str() + codes.str();
}

StringRef shuffleName(ShuffleMode mode) {
  switch (mode) {
  case ShuffleMode::Index:
    return "sub_group_shuffle";
  case ShuffleMode::Down:
    return "sub_group_shuffle_down";
  case ShuffleMode::Up:
    return "sub_group_shuffle_up";
  case ShuffleMode::Xor:
    return "sub_group_shuffle_xor";
  }
  llvm_unreachable("the switch on mode covers every value");
}

std::pair<std::string, bool> reduceName(CollectiveOp op) {
  switch (op) {
  case CollectiveOp::Add:
    return {"sub_group_reduce_add", false};
  case CollectiveOp::Min:
    return {"sub_group_reduce_min", false};
  case CollectiveOp::Max:
    return {"sub_group_reduce_max", false};
  case CollectiveOp::UMin:
    return {"sub_group_reduce_min", true};
  case CollectiveOp::UMax:
    return {"sub_group_reduce_max", true};
  case CollectiveOp::And:
    return {"sub_group_non_uniform_reduce_and", false};
  case CollectiveOp::Or:
    return {"sub_group_non_uniform_reduce_or", false};
  case CollectiveOp::Xor:
    return {"sub_group_non_uniform_reduce_xor", false};
  }
  llvm_unreachable("the switch on op covers every value");
}
} // namespace

Value SPIRVTargetInfo::createShuffle(OpBuilder &b, Location loc,
                                     ShuffleMode mode, Value value,
                                     Value offset) const {
  Value lane = LLVM::TruncOp::create(b, loc, b.getI32Type(), offset);
  std::string name = mangle(shuffleName(mode), typeCode(value.getType()) + "j");
  return callOpenCLBuiltin(b, loc, name, value.getType(),
                           ValueRange{value, lane}, /*convergent=*/true);
}

Value SPIRVTargetInfo::createSubGroupReduce(OpBuilder &b, Location loc,
                                            CollectiveOp op,
                                            Value value) const {
  auto [name, isUnsigned] = reduceName(op);
  return callOpenCLBuiltin(b, loc,
                           mangle(name, typeCode(value.getType(), isUnsigned)),
                           value.getType(), ValueRange{value},
                           /*convergent=*/true);
}

Value SPIRVTargetInfo::createMathCall(OpBuilder &b, Location loc,
                                      llvm::StringRef function,
                                      ValueRange args) const {
  std::string codes;
  for (Value arg : args)
    codes += typeCode(arg.getType());
  return callOpenCLBuiltin(b, loc, mangle(function, codes),
                           args.front().getType(), args);
}

void SPIRVTargetInfo::createPrintf(OpBuilder &b, Location loc,
                                   llvm::StringRef format,
                                   ValueRange args) const {
  // OpenCL's printf takes its format in the constant address space (2).
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
                           b.getStringAttr(value), 1, /*addrSpace=*/2);
  }
  auto constPtr = LLVM::LLVMPointerType::get(b.getContext(), 2);
  Value fmt = LLVM::AddressOfOp::create(
      b, loc, constPtr, FlatSymbolRefAttr::get(b.getContext(), name));
  auto type = LLVM::LLVMFunctionType::get(b.getI32Type(), {constPtr},
                                          /*isVarArg=*/true);
  // The mangled name (printf(constant char *, ...)) tells the back end the
  // format is a char pointer; OpenCL.std printf requires that.
  LLVM::LLVMFuncOp printf = getOrDeclareFunction(b, "_Z6printfPU3AS2Kcz", type,
                                                 LLVM::CConv::SPIR_FUNC);
  SmallVector<Value> operands{fmt};
  operands.append(args.begin(), args.end());
  auto call = LLVM::CallOp::create(b, loc, printf, operands);
  call.setCConv(LLVM::CConv::SPIR_FUNC);
}
