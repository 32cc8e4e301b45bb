//===- Queue.h - A submission queue -----------------------------*- C++ -*-===//
//
// Work submitted to an in-order queue runs in submission order; on an
// out-of-order queue (QueueOptions::outOfOrder) only wait lists order it.
// Buffer transfers are queue operations so they order with kernel launches;
// every kernel launch goes through submit(LaunchDesc, waitFor), which checks
// and packs the arguments and then calls the driver's submitKernel.
//
// Asynchronous operations take a wait list and return an Event. A wait list
// holding a failed event makes the operation return an event failed with
// that error, without submitting anything. Events of the queue's device are
// waited on by the device, others first by the host.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_QUEUE_H
#define KILN_RUNTIME_QUEUE_H

#include "kiln/runtime/Device.h"
#include "kiln/runtime/Event.h"
#include "kiln/runtime/LaunchDesc.h"
#include "kiln/runtime/PackedLaunch.h"
#include "kiln/runtime/Statistics.h"
#include "kiln/runtime/Status.h"

#include <cstddef>
#include <memory>
#include <mutex>

namespace kiln {

class Buffer;
class Device;
class Kernel;

/// A driver's launch of one kernel on one queue, prepared once for a
/// LaunchPlan: the driver may cache what every launch of the kernel there
/// shares (CUDA: the CUfunction, the stream, the parameter pointers). Its
/// launches are checked and packed by the plan, always with the same
/// parameter layout, and make no event; the plan never launches one from
/// two threads at once.
class KernelLaunchPlan {
public:
  virtual ~KernelLaunchPlan() = default;
  /// Where the plan writes the value of native argument `index` (16
  /// bytes; those past its size stay zero) of `block`, the parameter block
  /// given to Queue::planKernelLaunch, asked once per argument when the
  /// plan is made: by default the argument's PackedArg::bytes; a driver
  /// may hand out its own launch's storage instead, sparing a copy.
  virtual uint8_t *valueSlot(PackedLaunch &block, size_t index) {
    return block.args[index].bytes.data();
  }
  /// Enqueues `launch` (checked and packed, always the block given to
  /// Queue::planKernelLaunch; no wait list) without an event. Its values
  /// are in the slots valueSlot gave.
  virtual Status launch(const PackedLaunch &launch) = 0;
};

/// A queue on one device.
class Queue : public std::enable_shared_from_this<Queue> {
public:
  virtual ~Queue() = default;
  Queue(const Queue &) = delete;
  Queue &operator=(const Queue &) = delete;

  const Device &device() const { return device_; }
  const QueueOptions &options() const { return options_; }

  /// Copies `bytes` from host `src` into `dst` at `offset`, after all work
  /// submitted before; returns when the copy is done.
  Status writeBuffer(Buffer &dst, const void *src, size_t bytes,
                     size_t offset = 0);
  /// Copies `bytes` of `src` at `offset` to host `dst`, after all work
  /// submitted before; returns when the data is on the host.
  Status readBuffer(const Buffer &src, void *dst, size_t bytes,
                    size_t offset = 0);

  /// Host -> device copy after `waitFor`; `src` must stay valid until the
  /// returned event completes. The event keeps `dst` alive.
  StatusOr<std::shared_ptr<Event>>
  writeBufferAsync(Buffer &dst, const void *src, size_t bytes,
                   size_t offset = 0, const EventList &waitFor = {});
  /// Device -> host copy after `waitFor`; `dst` must stay valid until the
  /// returned event completes.
  StatusOr<std::shared_ptr<Event>>
  readBufferAsync(const Buffer &src, void *dst, size_t bytes, size_t offset = 0,
                  const EventList &waitFor = {});
  /// Device -> device copy (same device) after `waitFor`; the ranges of one
  /// buffer must not overlap.
  StatusOr<std::shared_ptr<Event>> copyBuffer(const Buffer &src,
                                              size_t srcOffset, Buffer &dst,
                                              size_t dstOffset, size_t bytes,
                                              const EventList &waitFor = {});
  /// Repeats `pattern` (1, 2, 4, ... 128 bytes) over `bytes` of `dst` from
  /// `offset`; both multiples of the pattern size.
  StatusOr<std::shared_ptr<Event>> fillBuffer(Buffer &dst, const void *pattern,
                                              size_t patternSize, size_t offset,
                                              size_t bytes,
                                              const EventList &waitFor = {});

  /// The one launch entry point: launches `launch.kernel` (loaded on this
  /// queue's device) after the events of `waitFor`. Everything is checked
  /// before anything is submitted -- the descriptor (errors name the
  /// field), the index space, the arguments (errors name the parameter),
  /// the options against the device -- and a failed dependency yields a
  /// failed event instead of a launch. `device` of the result is always
  /// set (unless LaunchDesc::noEvent); `host`, `programmatic` and
  /// `launchCompletion` when asked for. The launch keeps its buffers and
  /// kernel alive until it completes (a noEvent launch: until it returns).
  StatusOr<LaunchEvents> submit(const LaunchDesc &launch,
                                const EventList &waitFor = {});

  /// An event that completes once every command submitted to this
  /// in-order queue before it has (cf. clEnqueueMarkerWithWaitList,
  /// cuEventRecord): how a caller of event-less launches
  /// (LaunchDesc::noEvent) learns that they completed. InvalidArgument on
  /// an out-of-order queue; Unimplemented where the back end has none.
  StatusOr<std::shared_ptr<Event>> marker();

  /// The back end's own queue object, for interoperation with other
  /// libraries (DLPack's stream argument): the CUstream on CUDA, the
  /// cl_command_queue on OpenCL; null where there is none to share.
  virtual void *nativeHandle() const { return nullptr; }

  /// Blocks until all submitted work is done. A debug kernel of this queue
  /// whose DebugRecord reports a failure makes it return that error.
  virtual Status finish() = 0;

  /// Driver-facing: submits a launch already checked and packed by
  /// submit(). Applications call submit (or the conveniences of Launch.h).
  /// `waitFor` holds only pending events of this device.
  virtual StatusOr<std::shared_ptr<Event>>
  submitKernel(const Kernel &kernel, const PackedLaunch &launch,
               const EventList &waitFor) = 0;
  /// Driver-facing: submitKernel for a launch that asked for no event
  /// (LaunchDesc::noEvent) on an in-order queue: back ends that can enqueue
  /// a kernel without creating an event override it (CUDA: no CudaEvent,
  /// no cuEventRecord; OpenCL: no cl_event). The default drops
  /// submitKernel's event.
  virtual Status submitKernelWithoutEvent(const Kernel &kernel,
                                          const PackedLaunch &launch,
                                          const EventList &waitFor);
  /// Driver-facing: the prepared launch of `kernel` (loaded on this
  /// queue's device, its launches packed as `layout` is) for a LaunchPlan;
  /// the plan keeps the queue and the kernel alive while it lives. The
  /// default launches through submitKernelWithoutEvent; back ends with a
  /// cheaper direct launch override it (CUDA).
  virtual StatusOr<std::unique_ptr<KernelLaunchPlan>>
  planKernelLaunch(const Kernel &kernel, const PackedLaunch &layout);
  /// Driver-facing: submitKernel with LaunchOptions already accepted by
  /// checkLaunchOptions for this device; extra events go to `recorded`.
  /// Back ends honouring launch attributes override it; the default
  /// refuses any set attribute ("<attribute> is unsupported on '<device>'").
  virtual StatusOr<std::shared_ptr<Event>>
  submitKernelWithOptions(const Kernel &kernel, const PackedLaunch &launch,
                          const LaunchOptions &options,
                          const EventList &waitFor,
                          RecordedLaunchEvents &recorded);

  /// Device time per kernel name of this queue's completed launches
  /// (profiling queues; gathered lazily, launches never wait for it).
  std::map<std::string, KernelStatistics> statistics() {
    return profile_.statistics();
  }
  /// Runtime-facing: where launches on a profiling queue record events.
  StatisticsCollector &profile() { return profile_; }

  /// Runtime-facing: `event` has completion checks (a debug kernel) that
  /// finish() must run.
  void trackCheckedEvent(std::shared_ptr<Event> event);

protected:
  explicit Queue(const Device &device, QueueOptions options = {})
      : device_(device), options_(options) {}
  /// Back end copies; range and device already checked.
  virtual Status write(Buffer &dst, const void *src, size_t bytes,
                       size_t offset) = 0;
  virtual Status read(const Buffer &src, void *dst, size_t bytes,
                      size_t offset) = 0;

  /// Back end asynchronous commands: arguments checked, `waitFor` resolved
  /// to pending events of this device. Defaults: Unimplemented.
  virtual StatusOr<std::shared_ptr<Event>>
  submitWrite(Buffer &dst, size_t offset, const void *src, size_t bytes,
              const EventList &waitFor);
  virtual StatusOr<std::shared_ptr<Event>> submitRead(const Buffer &src,
                                                      size_t offset, void *dst,
                                                      size_t bytes,
                                                      const EventList &waitFor);
  virtual StatusOr<std::shared_ptr<Event>>
  submitCopy(const Buffer &src, size_t srcOffset, Buffer &dst, size_t dstOffset,
             size_t bytes, const EventList &waitFor);
  virtual StatusOr<std::shared_ptr<Event>>
  submitFill(Buffer &dst, size_t offset, size_t bytes, const void *pattern,
             size_t patternSize, const EventList &waitFor);
  /// Back end marker (in-order queue). Default: Unimplemented.
  virtual StatusOr<std::shared_ptr<Event>> submitMarker();

  /// For back ends' finish(): runs the completion checks of tracked events
  /// (all complete by then) and returns the first failure.
  Status runTrackedChecks();

private:
  Status checkTransfer(const Buffer &buffer, const void *host, size_t bytes,
                       size_t offset) const;
  Status checkRange(const Buffer &buffer, size_t bytes, size_t offset,
                    const char *what) const;
  /// Resolves `waitFor`, runs `submit` and makes the event keep `keep`
  /// alive; a failed dependency yields a failed event named by `what`.
  StatusOr<std::shared_ptr<Event>> submitCommand(
      const std::string &what, const EventList &waitFor,
      std::vector<std::shared_ptr<const void>> keep,
      const std::function<StatusOr<std::shared_ptr<Event>>(const EventList &)>
          &submit);

  const Device &device_;
  QueueOptions options_;
  std::mutex trackedMutex_;
  std::vector<std::shared_ptr<Event>> tracked_;
  StatisticsCollector profile_;
};

/// InvalidArgument naming the first null entry of `waitFor`.
Status checkWaitList(const EventList &waitFor);

/// Splits `waitFor` into events `device` can wait on natively; events of
/// other devices are waited for on the host first. A null entry or a failed
/// dependency is the returned error.
StatusOr<EventList> resolveWaitList(const Device &device,
                                    const EventList &waitFor);

} // namespace kiln

#endif // KILN_RUNTIME_QUEUE_H
