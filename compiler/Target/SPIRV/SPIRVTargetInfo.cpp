//===- SPIRVTargetInfo.cpp - SPIR-V (OpenCL flavour) choices --------------===//
#include "compiler/Target/SPIRV/SPIRVTargetInfo.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace kiln;

namespace {
/// Declares (once per module) an OpenCL work-item builtin `size_t f(uint)`.
LLVM::LLVMFuncOp getOrDeclareBuiltin(OpBuilder &builder, Operation *from,
                                     StringRef name) {
  auto module = from->getParentOfType<ModuleOp>();
  if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return func;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto type = LLVM::LLVMFunctionType::get(builder.getI64Type(),
                                          {builder.getI32Type()});
  auto func = LLVM::LLVMFuncOp::create(builder, module.getLoc(), name, type);
  func.setCConv(LLVM::CConv::SPIR_FUNC);
  return func;
}
} // namespace

Value SPIRVTargetInfo::getGlobalId(OpBuilder &builder, Location loc,
                                   unsigned dim) const {
  Operation *anchor = builder.getInsertionBlock()->getParentOp();
  LLVM::LLVMFuncOp callee =
      getOrDeclareBuiltin(builder, anchor, "_Z13get_global_idj");
  Value d = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                     builder.getI32IntegerAttr(dim));
  auto call = LLVM::CallOp::create(builder, loc, callee, ValueRange{d});
  call.setCConv(LLVM::CConv::SPIR_FUNC);
  return call.getResult();
}
