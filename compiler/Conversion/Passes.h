//===- Passes.h - Kiln conversion passes ------------------------*- C++ -*-===//
#ifndef KILN_COMPILER_CONVERSION_PASSES_H
#define KILN_COMPILER_CONVERSION_PASSES_H

#include "compiler/Conversion/KilnToLLVM/KilnToLLVM.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace kiln {

#define GEN_PASS_DECL
#include "compiler/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Conversion/Passes.h.inc"

} // namespace kiln

#endif // KILN_COMPILER_CONVERSION_PASSES_H
