//===- PTXBackend.h - The PTX back end --------------------------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_PTX_PTXBACKEND_H
#define KILN_COMPILER_TARGET_PTX_PTXBACKEND_H

#include "compiler/Target/TargetBackend.h"

namespace kiln {

/// CUDA: PTXTargetInfo, libdevice, NVPTX code generation for an sm_NN
/// architecture (PTXSerializer.h), PTX text.
const TargetBackend &getPTXBackend();

} // namespace kiln

#endif // KILN_COMPILER_TARGET_PTX_PTXBACKEND_H
