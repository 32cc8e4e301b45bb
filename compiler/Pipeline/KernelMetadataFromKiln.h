//===- KernelMetadataFromKiln.h - Runtime metadata of kernels ---*- C++ -*-===//
#ifndef KILN_COMPILER_PIPELINE_KERNELMETADATAFROMKILN_H
#define KILN_COMPILER_PIPELINE_KERNELMETADATAFROMKILN_H

#include "kiln/runtime/KernelMetadata.h"

#include "mlir/IR/BuiltinOps.h"

#include <vector>

namespace kiln {

class TargetInfo;

/// Describes every kiln.kernel of `module` for the runtime: a parameter's
/// dtype is its `kiln.dtype` attribute (KilnDType.h) or, without one, its
/// MLIR type's with integers taken as signed. Emits an error
/// on the module (and fails) for a parameter type the runtime cannot pass.
/// `target` gives the sub-group size and how float atomics are lowered
/// (a compare-exchange loop on the bits needs the integer atomics of that
/// width, not float ones).
mlir::FailureOr<std::vector<KernelMetadata>>
extractKernelMetadata(mlir::ModuleOp module, const TargetInfo &target);

} // namespace kiln

#endif // KILN_COMPILER_PIPELINE_KERNELMETADATAFROMKILN_H
