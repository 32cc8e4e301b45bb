//===- CudaDynamicSymbols.h - libcuda.so.1 loaded at run time ---*- C++ -*-===//
//
// The CUDA back end calls the driver only through this table, filled by
// dlopen/dlsym (the idea of IREE's cuda_dynamic_symbol_table). A machine
// without a CUDA driver therefore runs the rest of the runtime and gets
// "no CUDA driver found: <dlerror>" when it asks for a CUDA device.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDADYNAMICSYMBOLS_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDADYNAMICSYMBOLS_H

#include "CudaDriverApi.h"
#include "kiln/runtime/Status.h"

namespace kiln::cuda {

/// Function pointers into libcuda.so.1, one per CudaDriverSymbols.def line.
struct CudaDynamicSymbols {
#define KILN_CUDA_SYMBOL(member, symbol, params)                               \
  CUresult(*member) params = nullptr;
#include "CudaDriverSymbols.def"
#undef KILN_CUDA_SYMBOL

  /// The process-wide table: loads the library, resolves every symbol and
  /// calls cuInit(0) once; later calls return the same result.
  static StatusOr<const CudaDynamicSymbols *> get();
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDADYNAMICSYMBOLS_H
