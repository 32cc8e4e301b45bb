//===- CudaBuffer.h - Device memory from cuMemAlloc -------------*- C++ -*-===//
//
// A Buffer backed by a CUdeviceptr; keeps its device (and so the context)
// alive, and frees the allocation with that context current, unless it
// wraps memory allocated by someone else (Device::wrapMemory: a PyTorch or
// CuPy tensor), which its owner frees.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDABUFFER_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDABUFFER_H

#include "CudaDevice.h"
#include "kiln/runtime/Buffer.h"

namespace kiln::cuda {

/// Owns one device allocation.
class CudaBuffer final : public Buffer {
public:
  CudaBuffer(std::shared_ptr<const CudaDevice> device, CUdeviceptr pointer,
             size_t size)
      : Buffer(*device, size), device_(std::move(device)), pointer_(pointer) {}
  /// Wraps memory at `pointer` that the buffer does not own.
  struct Wrapped {};
  CudaBuffer(std::shared_ptr<const CudaDevice> device, CUdeviceptr pointer,
             size_t size, Wrapped)
      : CudaBuffer(std::move(device), pointer, size) {
    markWrapped(pointer);
  }
  ~CudaBuffer() override {
    if (!isWrapped() && device_->makeCurrent().ok())
      device_->cu().cuMemFree(pointer_);
  }

  CUdeviceptr pointer() const { return pointer_; }

protected:
  StatusOr<uint64_t> nativeDeviceAddress() const override { return pointer_; }

private:
  std::shared_ptr<const CudaDevice> device_;
  CUdeviceptr pointer_;
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDABUFFER_H
