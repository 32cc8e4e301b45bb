//===- CudaDriver.h - The CUDA back end's entry point -----------*- C++ -*-===//
//
// The driver factory that BuiltinDrivers.cpp registers ("cuda[:i]").
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDADRIVER_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDADRIVER_H

namespace kiln {

class Driver;

/// The CUDA driver (selector prefix "cuda"), alive for the process.
Driver &cudaDriver();

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDADRIVER_H
