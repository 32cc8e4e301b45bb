//===- SpirToolchain.h - SPIR-V to SPIR for cl_khr_spir devices -*- C++ -*-===//
//
// OpenCL implementations without SPIR-V IL input but with cl_khr_spir (PoCL
// 3.1) take SPIR: LLVM bitcode with the spir64 triple. The runtime produces
// it from the compiler's SPIR-V by running SPIRV-LLVM-Translator 15
// (`llvm-spirv-15 -r`) as a child process, so the runtime itself does not
// link LLVM.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_SPIRTOOLCHAIN_H
#define KILN_RUNTIME_DRIVERS_OPENCL_SPIRTOOLCHAIN_H

#include "kiln/runtime/Status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kiln {

/// Path of llvm-spirv-15: $KILN_LLVM_SPIRV, else llvm-spirv-15 on PATH, else
/// /usr/bin/llvm-spirv-15; Unavailable when none exists.
StatusOr<std::string> findLlvmSpirv();

/// Translates a SPIR-V module into SPIR (LLVM 15) bitcode. The tool's
/// stderr is part of the error when it fails.
StatusOr<std::vector<uint8_t>>
translateSpirvToSpir(const std::vector<uint8_t> &spirv);

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_SPIRTOOLCHAIN_H
