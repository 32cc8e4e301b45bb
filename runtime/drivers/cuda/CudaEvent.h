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
  CudaEvent(std::shared_ptr<const CudaDevice> device, CUevent event,
            std::string what)
      : Event(device.get()), device_(std::move(device)), event_(event),
        what_(std::move(what)) {}
  ~CudaEvent() override;

  CUevent handle() const { return event_; }

protected:
  Status waitNative() override;
  StatusOr<EventState> queryNative() override;

private:
  std::shared_ptr<const CudaDevice> device_;
  CUevent event_;
  std::string what_; ///< "kernel 'saxpy'", for error messages.
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDAEVENT_H
