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
#include <vector>

namespace kiln {

struct CompileOptions {
  TargetKind target = TargetKind::SPIRV;
  std::string arch = "sm_90"; ///< CUDA architecture (PTX target only).
  unsigned optLevel = 2;      ///< 0..3, as -O.
  /// Debug mode (spec §7): line information, asserts, bounds checking.
  bool debug = false;
  /// LLVM IR (.ll) or bitcode (.bc) files that external device functions
  /// are resolved against.
  std::vector<std::string> bitcodeLibraries;
  /// CUDA's libdevice; empty: $KILN_LIBDEVICE, then the CUDA install.
  std::string libdevicePath;
  /// Also emit each kernel's argument-block entry, which reads the
  /// arguments from device memory (kiln/runtime/ArgumentBlock.h).
  bool argumentBlockEntries = false;
};

/// Adds the kiln-to-kiln passes (debug instrumentation, collective
/// expansion) run before kernel metadata is read off the module.
void buildKilnTransformPipeline(mlir::OpPassManager &pm,
                                const CompileOptions &options);

/// Adds the passes that take a verified kiln module to the LLVM dialect.
void buildKilnToLLVMPipeline(mlir::OpPassManager &pm,
                             const CompileOptions &options);

/// Registers the pipeline as `kiln-to-llvm{target=... opt-level=...}` for
/// kiln-opt.
void registerKilnPipelines();

} // namespace kiln

#endif // KILN_COMPILER_PIPELINE_PIPELINE_H
