//===- OpenCLQueue.h - A cl_command_queue -----------------------*- C++ -*-===//
//
// Copies, fills and kernel launches on one OpenCL command queue (in order,
// or out of order when created so).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLQUEUE_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLQUEUE_H

#include "OpenCLDevice.h"
#include "kiln/runtime/InFlightKernels.h"
#include "kiln/runtime/Queue.h"

#include <CL/cl.h>

#include <vector>

namespace kiln {

/// Owns one in-order command queue.
class OpenCLQueue final : public Queue {
public:
  OpenCLQueue(std::shared_ptr<const OpenCLDevice> device,
              cl_command_queue queue, QueueOptions options);
  ~OpenCLQueue() override;

  Status finish() override;
  void *nativeHandle() const override { return queue_; }
  StatusOr<std::shared_ptr<Event>>
  submitKernel(const Kernel &kernel, const PackedLaunch &launch,
               const EventList &waitFor) override;
  /// clEnqueueMarkerWithWaitList: after every earlier command (in order).
  StatusOr<std::shared_ptr<Event>> submitMarker() override;
  Status submitKernelWithoutEvent(const Kernel &kernel,
                                  const PackedLaunch &launch,
                                  const EventList &waitFor) override;

protected:
  Status write(Buffer &dst, const void *src, size_t bytes,
               size_t offset) override;
  Status read(const Buffer &src, void *dst, size_t bytes,
              size_t offset) override;
  StatusOr<std::shared_ptr<Event>>
  submitWrite(Buffer &dst, size_t offset, const void *src, size_t bytes,
              const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>>
  submitRead(const Buffer &src, size_t offset, void *dst, size_t bytes,
             const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>>
  submitCopy(const Buffer &src, size_t srcOffset, Buffer &dst, size_t dstOffset,
             size_t bytes, const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>>
  submitFill(Buffer &dst, size_t offset, size_t bytes, const void *pattern,
             size_t patternSize, const EventList &waitFor) override;

private:
  /// On an out-of-order queue, a barrier so that a blocking transfer comes
  /// after all work submitted before (the in-order promise of
  /// writeBuffer/readBuffer).
  Status orderAfterPreviousWork();
  /// A copy between SVM memory and wrapped host memory (a cl_mem).
  StatusOr<std::shared_ptr<Event>>
  submitMixedCopy(const Buffer &src, size_t srcOffset, Buffer &dst,
                  size_t dstOffset, size_t bytes,
                  const std::vector<cl_event> &waits);
  /// Sets the arguments and enqueues the kernel; `done` (null: no event)
  /// receives its cl_event, `sequence` its number in inFlight_ (0: none).
  Status enqueueKernel(const Kernel &kernel, const PackedLaunch &launch,
                       const EventList &waitFor, cl_event *done,
                       uint64_t *sequence = nullptr);
  /// Wraps a command's cl_event (of launch `kernelSequence`, 0 for other
  /// commands); flushes so the command starts.
  std::shared_ptr<Event> wrap(cl_event event, std::string what,
                              uint64_t kernelSequence = 0);
  /// Every launch recorded so far is done (the queue was seen idle).
  void noteIdle(uint64_t newest);

  std::shared_ptr<const OpenCLDevice> device_;
  cl_command_queue queue_;
  /// The launches in flight a fatal signal names: set on CPU devices,
  /// whose kernels run on this process's threads (InFlightKernels.h).
  std::shared_ptr<InFlightKernels> inFlight_;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLQUEUE_H
