//===- OpenCLQueue.h - An in-order cl_command_queue -------------*- C++ -*-===//
//
// Copies and kernel launches on one in-order OpenCL command queue.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLQUEUE_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLQUEUE_H

#include "OpenCLDevice.h"
#include "kiln/runtime/Queue.h"

#include <CL/cl.h>

namespace kiln {

/// Owns one in-order command queue.
class OpenCLQueue final : public Queue {
public:
  OpenCLQueue(std::shared_ptr<const OpenCLDevice> device,
              cl_command_queue queue)
      : Queue(*device), device_(std::move(device)), queue_(queue) {}
  ~OpenCLQueue() override;

  Status finish() override;
  StatusOr<std::shared_ptr<Event>>
  submitKernel(const Kernel &kernel, const PackedLaunch &launch,
               const EventList &waitFor) override;

protected:
  Status write(Buffer &dst, const void *src, size_t bytes,
               size_t offset) override;
  Status read(const Buffer &src, void *dst, size_t bytes,
              size_t offset) override;

private:
  std::shared_ptr<const OpenCLDevice> device_;
  cl_command_queue queue_;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLQUEUE_H
