//===- Registration.cpp - Everything a Kiln MLIRContext needs -------------===//
#include "compiler/Pipeline/Registration.h"
#include "compiler/Conversion/Passes.h"
#include "compiler/Pipeline/Pipeline.h"
#include "dialects/Kiln/IR/KilnDialect.h"
#include "dialects/Kiln/Transforms/Passes.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

void kiln::registerKilnCompilerDialects(mlir::DialectRegistry &registry) {
  registry.insert<kiln::ir::KilnDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::LLVM::LLVMDialect,
                  mlir::NVVM::NVVMDialect, mlir::complex::ComplexDialect>();
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
}

void kiln::registerKilnPasses() {
  registerKilnConversionPasses();
  registerKilnTransformsPasses();
  registerKilnPipelines();
}
