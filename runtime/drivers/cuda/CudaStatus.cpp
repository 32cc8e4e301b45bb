//===- CudaStatus.cpp - CUDA driver results as Status -------------------===//
//
// Error wording comes from the loaded driver, so new codes need no table.
//
//===----------------------------------------------------------------------===//
#include "CudaStatus.h"

#include "CudaDynamicSymbols.h"

#include <string>

namespace kiln::cuda {

Status cudaFailure(const CudaDynamicSymbols &cu, CUresult result,
                   const char *call) {
  const char *name = nullptr;
  const char *description = nullptr;
  if (!cu.cuGetErrorName || cu.cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = "CUDA_ERROR_UNKNOWN";
  if (!cu.cuGetErrorString ||
      cu.cuGetErrorString(result, &description) != CUDA_SUCCESS)
    description = "unrecognised error code";
  return internalError(std::string(call) + " failed: " + name + " (" +
                       std::to_string(result) + "): " + description);
}

} // namespace kiln::cuda
