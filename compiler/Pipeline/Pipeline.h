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

/// Where a transformation that pays on GPUs runs: `Auto` on PTX only,
/// `Always` on every target (SPIR-V: for testing), `Never` nowhere.
enum class PassPlacement { Auto, Always, Never };

/// Where kiln-coarsen-elementwise runs (128-bit accesses for elementwise
/// kernels, docs/architecture.md): by default on PTX only, where wide
/// accesses pay; the CPU device vectorises across work-items already.
using ElementwiseCoarsening = PassPlacement;

/// Where kiln-merge-work-groups runs (NdRange kernels whose work-groups add
/// into one address with atomics loop over several work-groups and add
/// once, docs/architecture.md): by default on PTX only, where same-address
/// atomics bound the kernel; on the CPU device (PoCL) the loop around the
/// body's barriers costs more than the atomics it saves.
using WorkGroupMerging = PassPlacement;

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
  /// Specialize every kernel for launches of this rank (1..3; the
  /// `kiln.launch_rank` kernel attribute): range dimension d is read from
  /// hardware axis rank-1-d with no run-time choice, which keeps unit-stride
  /// accesses visible to the vectorisers. 0: any rank (the entry point
  /// takes it as an argument).
  unsigned launchRank = 0;
  /// Numba's typing rules for kernel source (FrontendOptions::numbaTyping,
  /// docs/language.md §6.5) unless a decorator says `numba_typing=False`.
  bool numbaTyping = false;
  /// Never applied in debug mode or at -O0.
  ElementwiseCoarsening coarsenElementwise = ElementwiseCoarsening::Auto;
  /// Never applied in debug mode or at -O0.
  WorkGroupMerging mergeWorkGroups = WorkGroupMerging::Auto;
};

/// Whether `options` run kiln-merge-work-groups.
bool mergesWorkGroups(const CompileOptions &options);

/// Whether `options` run kiln-coarsen-elementwise.
bool coarsensElementwise(const CompileOptions &options);

/// Adds the kiln-to-kiln passes (debug instrumentation, collective
/// expansion) run before kernel metadata is read off the module.
void buildKilnTransformPipeline(mlir::OpPassManager &pm,
                                const CompileOptions &options);

/// Adds the passes that take a verified kiln module to the LLVM dialect.
void buildKilnToLLVMPipeline(mlir::OpPassManager &pm,
                             const CompileOptions &options);

/// scf.if and scf.while → cf, each block's ops lowered last first, in time
/// linear in the number of structured ops (SCFToCFInReverse.cpp).
std::unique_ptr<mlir::Pass> createSCFToCFInReversePass();

/// Registers the pipeline as `kiln-to-llvm{target=... opt-level=...}` for
/// kiln-opt.
void registerKilnPipelines();

} // namespace kiln

#endif // KILN_COMPILER_PIPELINE_PIPELINE_H
