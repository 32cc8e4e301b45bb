//===- OpenCLBuffer.h - Device memory as a cl_mem ---------------*- C++ -*-===//
//
// A Buffer backed by a cl_mem of the device's context.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLBUFFER_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLBUFFER_H

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"

#include <CL/cl.h>

#include <memory>

namespace kiln {

/// Owns one cl_mem; keeps its device (and context) alive.
class OpenCLBuffer final : public Buffer {
public:
  OpenCLBuffer(std::shared_ptr<const Device> device, cl_mem mem, size_t size)
      : Buffer(*device, size), owner_(std::move(device)), mem_(mem) {}
  ~OpenCLBuffer() override { clReleaseMemObject(mem_); }

  cl_mem handle() const { return mem_; }

private:
  std::shared_ptr<const Device> owner_;
  cl_mem mem_;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLBUFFER_H
