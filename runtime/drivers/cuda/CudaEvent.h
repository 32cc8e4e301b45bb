//===- CudaEvent.h - Completion of CUDA stream work -------------*- C++ -*-===//
//
// An Event backed by a CUevent recorded on a stream after a launch.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDAEVENT_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDAEVENT_H

#include "CudaDevice.h"
#include "kiln/runtime/Event.h"

namespace kiln::cuda {

/// Owns one CUevent.
class CudaEvent final : public Event {
public:
  /// `start`, when not null, is a timing event recorded before the work
  /// (profiling queues); `event` then times the end.
  CudaEvent(std::shared_ptr<const CudaDevice> device, CUevent event,
            std::string what, CUevent start = nullptr)
      : Event(device.get()), device_(std::move(device)), event_(event),
        start_(start), what_(std::move(what)) {}
  ~CudaEvent() override;

  CUevent handle() const { return event_; }
  /// Elapsed device time between the start and end events (CUDA events
  /// carry no absolute timestamp: start is 0).
  StatusOr<EventTimes> profilingTimes() override;

protected:
  Status waitNative() override;
  StatusOr<EventState> queryNative() override;

private:
  std::shared_ptr<const CudaDevice> device_;
  CUevent event_;
  CUevent start_;
  std::string what_; ///< "kernel 'saxpy'", for error messages.
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDAEVENT_H
