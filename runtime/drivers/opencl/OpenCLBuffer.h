//===- OpenCLBuffer.h - Device memory as a cl_mem ---------------*- C++ -*-===//
//
// A Buffer backed by a cl_mem of the device's context: memory clCreateBuffer
// allocated, or host memory the runtime wraps (CL_MEM_USE_HOST_PTR, CPU
// devices only: Device::wrapMemory), which releasing the cl_mem leaves to
// its owner.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLBUFFER_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLBUFFER_H

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"

#include <CL/cl.h>

#include <cstdint>
#include <memory>

namespace kiln {

/// Owns one cl_mem; keeps its device (and context) alive.
class OpenCLBuffer final : public Buffer {
public:
  OpenCLBuffer(std::shared_ptr<const Device> device, cl_mem mem, size_t size)
      : Buffer(*device, size), owner_(std::move(device)), mem_(mem) {}
  /// A cl_mem created over the host memory at `host` (not owned).
  OpenCLBuffer(std::shared_ptr<const Device> device, cl_mem mem, size_t size,
               void *host)
      : OpenCLBuffer(std::move(device), mem, size) {
    host_ = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(host));
    markWrapped(host_);
  }
  ~OpenCLBuffer() override { clReleaseMemObject(mem_); }

  cl_mem handle() const { return mem_; }

protected:
  /// Wrapped host memory of a CPU device: kernels use the host pointer
  /// itself (CL_MEM_USE_HOST_PTR), so it is the address they see.
  StatusOr<uint64_t> nativeDeviceAddress() const override {
    if (isWrapped())
      return host_;
    return Buffer::nativeDeviceAddress();
  }

private:
  std::shared_ptr<const Device> owner_;
  cl_mem mem_;
  uint64_t host_ = 0;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLBUFFER_H
