//===- NvJitLink.h - PTX to cubin through libnvJitLink ----------*- C++ -*-===//
//
// When the CUDA toolkit's nvJitLink library is present, PTX is linked to a
// cubin for the device's exact architecture before loading; this uses the
// toolkit's (often newer) PTX assembler instead of the driver's JIT. The
// library is loaded at run time like the driver.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_NVJITLINK_H
#define KILN_RUNTIME_DRIVERS_CUDA_NVJITLINK_H

#include "kiln/runtime/Status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kiln::cuda {

/// Links PTX text into a cubin for `arch` ("sm_90"). Unavailable when no
/// libnvJitLink could be loaded; Internal with the linker's log on errors.
StatusOr<std::vector<uint8_t>> linkPtxToCubin(const std::string &ptx,
                                              const std::string &arch);

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_NVJITLINK_H
