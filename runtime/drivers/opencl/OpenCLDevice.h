//===- OpenCLDevice.h - An opened OpenCL device -----------------*- C++ -*-===//
//
// One OpenCL device with its own context; the factory of the OpenCL
// buffers, queues and executables.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDEVICE_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDEVICE_H

#include "kiln/runtime/Device.h"

#include <CL/cl.h>

namespace kiln {

/// An OpenCL device and the context all its objects live in.
class OpenCLDevice final : public Device {
public:
  /// Creates a context for `id`.
  static StatusOr<std::shared_ptr<Device>> open(cl_device_id id,
                                                DeviceInfo info);
  ~OpenCLDevice() override;

  cl_device_id id() const { return id_; }
  cl_context context() const { return context_; }
  /// Buffers are OpenCLSvmBuffers (else OpenCLBuffers); fixed at open.
  /// Wrapped host memory is an OpenCLBuffer on every device.
  bool usesSharedVirtualMemory() const {
    return info().supportsSharedVirtualMemory;
  }

  StatusOr<std::shared_ptr<Buffer>> allocateBuffer(size_t bytes) override;
  StatusOr<std::shared_ptr<Queue>> createQueue() override;
  StatusOr<std::shared_ptr<Executable>>
  loadExecutable(const KernelBinary &binary) override;
  using Device::createQueue;

protected:
  StatusOr<std::shared_ptr<Queue>>
  createQueueWithOptions(const QueueOptions &options) override;
  StatusOr<std::shared_ptr<Buffer>> wrapNativeMemory(uint64_t address,
                                                     size_t bytes) override;

private:
  StatusOr<std::shared_ptr<Buffer>> allocateSvmBuffer(size_t bytes);

  OpenCLDevice(cl_device_id id, cl_context context, DeviceInfo info)
      : Device(std::move(info)), id_(id), context_(context) {}

  cl_device_id id_;
  cl_context context_;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDEVICE_H
