//===- CudaEvent.h - Completion of CUDA stream work -------------*- C++ -*-===//
//
// An Event backed by a CUevent. Events of a non-profiling stream are
// recorded lazily (CudaStreamRecorder): the CUevent of the stream's newest
// command is created and recorded only when the event is first needed
// (wait, state, a wait list) or when the next command is enqueued while the
// caller still holds the event. A launch whose event is dropped at once
// therefore costs no event at all, and the record always sits right after
// its own command.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDAEVENT_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDAEVENT_H

#include "CudaDevice.h"
#include "kiln/runtime/Event.h"

#include <mutex>

namespace kiln::cuda {

class CudaEvent;

/// The lazily recorded event of one stream's newest command. The queue
/// holds `mutex()` from before it enqueues a command until it has made
/// that command's event pending, so a pending event is always recorded at
/// its command's position.
class CudaStreamRecorder {
public:
  explicit CudaStreamRecorder(CUstream stream) : stream_(stream) {}

  std::mutex &mutex() { return mutex_; }
  CUstream stream() const { return stream_; }
  /// Mutex held: records the pending event if someone still holds it, and
  /// forgets it; called before anything else is enqueued on the stream.
  void flushLocked();
  /// Mutex held: `event` belongs to the command just enqueued.
  void setPendingLocked(const std::shared_ptr<CudaEvent> &event) {
    pending_ = event;
  }

private:
  std::mutex mutex_;
  CUstream stream_;
  std::weak_ptr<CudaEvent> pending_;
};

/// Owns one CUevent (created on first need for a lazily recorded event).
class CudaEvent final : public Event {
public:
  /// An event already recorded on its stream. `start`, when not null, is a
  /// timing event recorded before the work (profiling queues); `event`
  /// then times the end.
  CudaEvent(std::shared_ptr<const CudaDevice> device, CUevent event,
            std::string what, CUevent start = nullptr)
      : Event(device.get()), device_(std::move(device)), event_(event),
        start_(start), what_(std::move(what)) {}
  /// The event of the command just enqueued on `recorder`'s stream,
  /// recorded when first needed.
  CudaEvent(std::shared_ptr<const CudaDevice> device,
            std::shared_ptr<CudaStreamRecorder> recorder, std::string what)
      : Event(device.get()), device_(std::move(device)),
        recorder_(std::move(recorder)), what_(std::move(what)) {}
  ~CudaEvent() override;

  /// The recorded CUevent (records a pending event first); for
  /// cuStreamWaitEvent. The device's context must be current.
  StatusOr<CUevent> handle();
  /// Elapsed device time between the start and end events (CUDA events
  /// carry no absolute timestamp: start is 0).
  StatusOr<EventTimes> profilingTimes() override;

protected:
  Status waitNative() override;
  StatusOr<EventState> queryNative() override;

private:
  friend class CudaStreamRecorder;
  /// The recorder's mutex held: creates and records the CUevent.
  void recordLocked();

  std::shared_ptr<const CudaDevice> device_;
  /// Null for events recorded at creation.
  std::shared_ptr<CudaStreamRecorder> recorder_;
  CUevent event_ = nullptr; ///< Under recorder_'s mutex while pending.
  CUevent start_ = nullptr;
  Status recordFailure_; ///< Why a lazy record failed.
  std::string what_;     ///< "kernel 'saxpy'", for error messages.
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDAEVENT_H
