//===- CompileRequest.h - What the JIT is asked to compile ------*- C++ -*-===//
//
// A JIT compile request and what follows from it alone: its cache key
// (every input that changes the binary, see docs/embedding.md) and the
// provenance properties recorded with its artifact. kilnc --emit-artifact
// records the same properties.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_JIT_COMPILEREQUEST_H
#define KILN_COMPILER_JIT_COMPILEREQUEST_H

#include "compiler/Frontend/Specialization.h"
#include "compiler/JIT/ArtifactProperties.h"
#include "compiler/JIT/CacheKey.h"
#include "compiler/Pipeline/Pipeline.h"
#include "compiler/Session/ArgumentSpecialization.h"
#include "compiler/Target/TargetInfo.h"
#include "kiln/runtime/KernelBinaryFile.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace kiln {

/// One compilation: what to compile, for what, how.
struct CompileRequest {
  /// Kernel source text, or kiln-dialect MLIR when `filename` ends in .mlir.
  std::string source;
  /// Names the source in diagnostics and debug records.
  std::string filename = "<source>";
  /// The kernel to keep; empty keeps every kernel of the module.
  std::string kernel;
  TargetKind target = TargetKind::SPIRV;
  std::string arch =
      "sm_90";           ///< PTX only (ignored, and not keyed, for SPIR-V).
  unsigned optLevel = 2; ///< 0..3.
  bool debug = false;    ///< Debug mode (line info, asserts, bounds checks).
  /// Numba's typing rules (CompileOptions::numbaTyping).
  bool numbaTyping = false;
  /// Also emit argument-block entries (kilnc --arg-block-entries).
  bool argumentBlockEntries = false;
  /// Specialize every kernel for launches of this rank (1..3): the index
  /// space maps to the hardware statically and the runtime refuses other
  /// ranks. 0: any rank, mapped at run time (CompileOptions::launchRank).
  unsigned launchRank = 0;
  /// Where elementwise kernels are coarsened to 128-bit accesses
  /// (CompileOptions::coarsenElementwise); keyed unless Auto.
  ElementwiseCoarsening coarsenElementwise = ElementwiseCoarsening::Auto;
  /// Where kiln-merge-work-groups runs (CompileOptions::mergeWorkGroups);
  /// keyed unless Auto.
  WorkGroupMerging mergeWorkGroups = WorkGroupMerging::Auto;
  /// LLVM IR / bitcode files external device functions resolve against.
  std::vector<std::string> bitcodeLibraries;
  /// CUDA's libdevice for PTX; empty: $KILN_LIBDEVICE, then the CUDA install.
  std::string libdevicePath;
  /// Types of generic parameters and values of Constant[T] parameters of
  /// `kernel` (kernel source only). An empty `kernel` field here means
  /// `kernel`; no types and no constants means no specialization.
  Specialization specialization;
  /// Array parameters whose data the caller guarantees 16-byte aligned:
  /// their kernel pointer arguments get `llvm.align 16` (kiln.align), and
  /// the set is part of the cache key and the artifact ("jit.aligned16").
  std::set<std::string> aligned16;
  /// The array arguments are distinct, non-overlapping memory
  /// (DistinctArrays.h): the kernel's array pointers get `noalias`
  /// (kiln.noalias); keyed, and recorded as "jit.distinct_arrays".
  bool distinctArrays = false;
  /// The launch arguments of `kernel` (which must be named): the compiler
  /// reads the kernel's parameters and derives `specialization` and
  /// `aligned16` from them (ArgumentSpecialization.h). Then
  /// `specialization` must be empty.
  std::optional<std::vector<ArgumentDescriptor>> arguments;
  /// With `arguments`: the index object the launch gives its work-items
  /// (Item for a Range, NdItem for an NdRange). It types an unannotated
  /// first parameter (the work-item, numba-dpex style), which then enters
  /// `specialization` and so the key ("parameter 'item': Item"); kernels
  /// that annotate it share one entry for both kinds. Unset: not known
  /// (such a parameter is then a located error).
  std::optional<IndexKind> launchIndex;
};

/// Content digest of a library file (the JIT memoises them).
using FileDigester =
    llvm::function_ref<llvm::Expected<Digest>(const std::string &path)>;

/// The cache key of `request` (its `arguments` already resolved into
/// `specialization`, `aligned16` and `distinctArrays`: they are not keyed
/// themselves):
/// toolchain versions and the compiler's build, source, kernel,
/// specialization, alignment, target, arch (PTX), options, libraries
/// (libdevice too for PTX). Fails when a library cannot be read.
llvm::Expected<CacheKey> buildCacheKey(const CompileRequest &request,
                                       FileDigester digestFile);

/// artifactProperties (ArtifactProperties.h) of `request`.
KernelBinaryProperties artifactProperties(const CompileRequest &request);

} // namespace kiln

#endif // KILN_COMPILER_JIT_COMPILEREQUEST_H
