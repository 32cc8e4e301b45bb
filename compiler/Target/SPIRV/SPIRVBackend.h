//===- SPIRVBackend.h - The SPIR-V back end ---------------------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVBACKEND_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVBACKEND_H

#include "compiler/Target/TargetBackend.h"

namespace kiln {

/// OpenCL-flavoured SPIR-V: SPIRVTargetInfo, no device library, LLVM's
/// SPIR-V back end with Kiln's legalization and rewrites
/// (SPIRVSerializer.h), a SPIR-V binary.
const TargetBackend &getSPIRVBackend();

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVBACKEND_H
