//===- KernelMetadataFromKiln.h - Runtime metadata of kernels ---*- C++ -*-===//
#ifndef KILN_COMPILER_PIPELINE_KERNELMETADATAFROMKILN_H
#define KILN_COMPILER_PIPELINE_KERNELMETADATAFROMKILN_H

#include "kiln/runtime/KernelMetadata.h"

#include "mlir/IR/BuiltinOps.h"

#include <vector>

namespace kiln {

/// Argument attribute marking an unsigned integer parameter or element type
/// (MLIR integers are signless; the runtime must check NumPy dtypes).
inline constexpr const char *kUnsignedAttrName = "kiln.unsigned";

/// Describes every kiln.kernel of `module` for the runtime. Emits an error
/// on the module (and fails) for a parameter type the runtime cannot pass.
mlir::FailureOr<std::vector<KernelMetadata>>
extractKernelMetadata(mlir::ModuleOp module);

} // namespace kiln

#endif // KILN_COMPILER_PIPELINE_KERNELMETADATAFROMKILN_H
