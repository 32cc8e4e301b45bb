//===- DeviceCompiler.h - kiln module → device binary -----------*- C++ -*-===//
//
// The back half of the compiler, shared by kilnc, kiln-run and embedders:
// lower a verified kiln module to the LLVM dialect, translate it to LLVM IR,
// optimise and serialize it to PTX or SPIR-V, and describe its kernels.
// Hooks expose every intermediate stage (kilnc --emit / --print-stages).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_PIPELINE_DEVICECOMPILER_H
#define KILN_COMPILER_PIPELINE_DEVICECOMPILER_H

#include "compiler/Pipeline/Pipeline.h"
#include "kiln/runtime/KernelMetadata.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace kiln {

/// Wall-clock milliseconds spent in each back-half stage of one compile.
struct StageTimings {
  double lowerToLLVMDialect = 0; ///< MLIR pass pipeline.
  double translateToLLVMIR = 0;  ///< MLIR → LLVM IR.
  double optimizeAndEmit = 0;    ///< LLVM -O pipeline + code generation.
};

/// Observers of intermediate stages; each may be empty. Returning false from
/// one stops compilation after that stage (successfully).
struct StageHooks {
  llvm::function_ref<bool(mlir::ModuleOp)> onLLVMDialect;
  llvm::function_ref<bool(llvm::Module &)> onLLVMIR;
  llvm::function_ref<bool(llvm::Module &)> onOptimizedLLVMIR;
  /// Filled with per-stage times when set.
  StageTimings *timings = nullptr;
};

/// Keeps only kernel `name` (and what it calls) in `module`. Fails with an
/// error listing the kernels when there is no such kernel.
mlir::LogicalResult selectKernel(mlir::ModuleOp module, llvm::StringRef name);

/// Compiles a verified kiln module (consumed: it is lowered in place).
/// Diagnostics go to the module's context; the returned error summarises.
/// With hooks that stop early, the returned binary has no data.
llvm::Expected<KernelBinary> compileKilnModule(mlir::ModuleOp module,
                                               const CompileOptions &options,
                                               const StageHooks &hooks = {});

} // namespace kiln

#endif // KILN_COMPILER_PIPELINE_DEVICECOMPILER_H
