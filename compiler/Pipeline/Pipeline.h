//===- Pipeline.h - Kiln's pass pipelines -----------------------*- C++ -*-===//
//
// Pipelines are library functions (CIRCT's Firtool.h habit): kilnc, kiln-run
// and embedders all lower through exactly these.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_PIPELINE_PIPELINE_H
#define KILN_COMPILER_PIPELINE_PIPELINE_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Pass/PassManager.h"

#include <string>

namespace kiln {

struct CompileOptions {
  TargetKind target = TargetKind::SPIRV;
  std::string arch = "sm_90"; ///< CUDA architecture (PTX target only).
  unsigned optLevel = 2;      ///< 0..3, as -O.
};

/// Adds the passes that take a verified kiln module to the LLVM dialect.
void buildKilnToLLVMPipeline(mlir::OpPassManager &pm,
                             const CompileOptions &options);

/// Registers the pipeline as `kiln-to-llvm{target=... opt-level=...}` for
/// kiln-opt.
void registerKilnPipelines();

} // namespace kiln

#endif // KILN_COMPILER_PIPELINE_PIPELINE_H
