//===- CudaEvent.cpp - Completion of CUDA stream work -------------------===//
//
// Maps cuEventQuery/cuEventSynchronize results onto EventState; an error
// result (e.g. a kernel fault) makes the event failed. Lazy recording:
// see CudaEvent.h.
//
//===----------------------------------------------------------------------===//
#include "CudaEvent.h"

#include "CudaStatus.h"

namespace kiln::cuda {

void CudaStreamRecorder::flushLocked() {
  if (std::shared_ptr<CudaEvent> pending = pending_.lock())
    if (!pending->event_ && pending->recordFailure_.ok())
      pending->recordLocked();
  pending_.reset();
}

CudaEvent::~CudaEvent() {
  if (event_ && recorder_) { // The device's pooled event: given back.
    device_->releaseEvent(event_);
    return;
  }
  if ((event_ || start_) && device_->makeCurrent().ok()) {
    if (event_)
      device_->cu().cuEventDestroy(event_);
    if (start_)
      device_->cu().cuEventDestroy(start_);
  }
}

void CudaEvent::recordLocked() {
  const CudaDynamicSymbols &cu = device_->cu();
  Status status = device_->makeCurrent();
  CUevent event = nullptr;
  if (status.ok()) {
    StatusOr<CUevent> pooled = device_->acquireEvent();
    if (pooled.ok())
      event = *pooled;
    else
      status = pooled.status();
  }
  if (status.ok()) {
    status = cudaStatus(cu, cu.cuEventRecord(event, recorder_->stream()),
                        "cuEventRecord");
    if (!status.ok())
      device_->releaseEvent(event);
  }
  if (status.ok())
    event_ = event;
  else
    recordFailure_ = status.withContext("recording the event of " + what_);
}

StatusOr<CUevent> CudaEvent::handle() {
  if (!recorder_)
    return event_;
  std::lock_guard<std::mutex> lock(recorder_->mutex());
  if (!event_ && recordFailure_.ok())
    recordLocked();
  if (!recordFailure_.ok())
    return recordFailure_;
  return event_;
}

StatusOr<EventTimes> CudaEvent::profilingTimes() {
  if (!start_)
    return invalidArgument(what_ + ": no timestamps; create the queue with "
                                   "QueueOptions::profiling");
  if (state() != EventState::Complete)
    return invalidArgument(what_ + ": timestamps exist once it completed");
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  float ms = 0;
  KILN_RETURN_IF_ERROR(cudaStatus(
      device_->cu(), device_->cu().cuEventElapsedTime(&ms, start_, event_),
      "cuEventElapsedTime"));
  EventTimes times;
  times.end = static_cast<uint64_t>(static_cast<double>(ms) * 1e6);
  return times;
}

Status CudaEvent::waitNative() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  StatusOr<CUevent> event = handle();
  if (!event.ok())
    return event.status();
  return cudaStatus(device_->cu(), device_->cu().cuEventSynchronize(*event),
                    "cuEventSynchronize")
      .withContext(what_);
}

StatusOr<EventState> CudaEvent::queryNative() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  StatusOr<CUevent> event = handle();
  if (!event.ok())
    return event.status();
  CUresult result = device_->cu().cuEventQuery(*event);
  if (result == CUDA_ERROR_NOT_READY)
    return EventState::Pending;
  KILN_RETURN_IF_ERROR(
      cudaStatus(device_->cu(), result, "cuEventQuery").withContext(what_));
  return EventState::Complete;
}

} // namespace kiln::cuda
