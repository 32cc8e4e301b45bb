//===- CudaQueue.h - An in-order CUDA stream --------------------*- C++ -*-===//
//
// Copies and kernel launches on one non-blocking CUDA stream.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDAQUEUE_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDAQUEUE_H

#include "CudaDevice.h"
#include "kiln/runtime/Queue.h"

namespace kiln::cuda {

/// Owns one CUstream.
class CudaQueue final : public Queue {
public:
  CudaQueue(std::shared_ptr<const CudaDevice> device, CUstream stream)
      : Queue(*device), device_(std::move(device)), stream_(stream) {}
  ~CudaQueue() override;

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
  Status waitForEvents(const EventList &events);
  StatusOr<std::shared_ptr<Event>> recordEvent(const std::string &what);

  std::shared_ptr<const CudaDevice> device_;
  CUstream stream_;
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDAQUEUE_H
