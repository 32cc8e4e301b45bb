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

/// Ok for CUDA_SUCCESS, else "<call> failed: NAME (code): description".
Status cudaStatus(const CudaDynamicSymbols &cu, CUresult result,
                  const char *call);

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDASTATUS_H
