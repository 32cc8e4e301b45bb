//===- CudaStatus.h - CUDA driver results as Status -------------*- C++ -*-===//
//
// Turns a CUresult into a Status worded by the driver itself
// (cuGetErrorName / cuGetErrorString).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDASTATUS_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDASTATUS_H

#include "CudaDriverApi.h"
#include "kiln/runtime/Status.h"

namespace kiln::cuda {

struct CudaDynamicSymbols;

/// "<call> failed: NAME (code): description" for a failed `result`.
Status cudaFailure(const CudaDynamicSymbols &cu, CUresult result,
                   const char *call);

/// Ok for CUDA_SUCCESS, else cudaFailure (inline: launches check several
/// results and almost all succeed).
inline Status cudaStatus(const CudaDynamicSymbols &cu, CUresult result,
                         const char *call) {
  if (result == CUDA_SUCCESS)
    return Status();
  return cudaFailure(cu, result, call);
}

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDASTATUS_H
