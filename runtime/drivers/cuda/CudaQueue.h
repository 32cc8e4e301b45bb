//===- CudaQueue.h - An in-order CUDA stream --------------------*- C++ -*-===//
//
// Copies and kernel launches on one non-blocking CUDA stream.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDAQUEUE_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDAQUEUE_H

#include "CudaDevice.h"
#include "CudaEvent.h"
#include "kiln/runtime/Queue.h"
#include "kiln/runtime/WorkGroupShape.h"

namespace kiln::cuda {

/// What a launch of `metadata`'s kernel on `device` may use (its grid
/// limits and the kernel's max_work_group_size), for planWorkGroups.
WorkGroupLimits workGroupLimits(const CudaDevice &device,
                                const KernelMetadata &metadata);

/// Owns one CUstream.
class CudaQueue final : public Queue {
public:
  CudaQueue(std::shared_ptr<const CudaDevice> device, CUstream stream,
            QueueOptions options)
      : Queue(*device, options), device_(std::move(device)), stream_(stream),
        recorder_(std::make_shared<CudaStreamRecorder>(stream)) {}
  ~CudaQueue() override;

  /// The queue's stream (for interoperation and the launch benchmark).
  CUstream stream() const { return stream_; }
  void *nativeHandle() const override { return stream_; }

  Status finish() override;
  StatusOr<std::shared_ptr<Event>>
  submitKernel(const Kernel &kernel, const PackedLaunch &launch,
               const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>>
  submitKernelWithOptions(const Kernel &kernel, const PackedLaunch &launch,
                          const LaunchOptions &options,
                          const EventList &waitFor,
                          RecordedLaunchEvents &recorded) override;
  /// The event of the stream's current position, recorded lazily as a
  /// command's (CudaEvent.h).
  StatusOr<std::shared_ptr<Event>> submitMarker() override;
  /// cuLaunchKernelEx with no CudaEvent made or recorded for it.
  Status submitKernelWithoutEvent(const Kernel &kernel,
                                  const PackedLaunch &launch,
                                  const EventList &waitFor) override;

  /// A CudaLaunchPlan: cuLaunchKernel with what the kernel's launches on
  /// this stream share cached (CudaLaunchPlan.h).
  StatusOr<std::unique_ptr<KernelLaunchPlan>>
  planKernelLaunch(const Kernel &kernel, const PackedLaunch &layout) override;

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
  friend class CudaLaunchPlan;
  /// Waits for the stream without running debug checks (blocking copies).
  Status synchronize();
  /// Enqueues a blocking copy (then synchronizes).
  template <typename Enqueue> Status enqueueAndWait(const Enqueue &enqueue);
  /// Runs `enqueue` on the stream after `waitFor` and returns its event:
  /// recorded lazily, or bracketed by timing events on profiling queues;
  /// null without `wantEvent` (a launch that asked for none).
  /// The caller has made the device's context current (once per command).
  template <typename Enqueue>
  StatusOr<std::shared_ptr<Event>>
  submit(const std::string &what, const EventList &waitFor,
         const Enqueue &enqueue, bool wantEvent = true);
  /// Both submitKernel forms; `options` null for a plain launch.
  StatusOr<std::shared_ptr<Event>>
  launchKernel(const Kernel &kernel, const PackedLaunch &launch,
               const LaunchOptions *options, const EventList &waitFor,
               RecordedLaunchEvents &recorded, bool wantEvent = true);
  /// Opts `function` in to `dynamicBytes` of dynamic shared memory.
  Status reserveSharedMemory(const Kernel &kernel, uint64_t dynamicBytes);

  std::shared_ptr<const CudaDevice> device_;
  CUstream stream_;
  std::shared_ptr<CudaStreamRecorder> recorder_;
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDAQUEUE_H
