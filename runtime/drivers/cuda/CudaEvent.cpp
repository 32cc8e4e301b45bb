//===- CudaEvent.cpp - Completion of CUDA stream work -------------------===//
//
// Maps cuEventQuery/cuEventSynchronize results onto EventState; an error
// result (e.g. a kernel fault) makes the event failed.
//
//===----------------------------------------------------------------------===//
#include "CudaEvent.h"

#include "CudaStatus.h"

namespace kiln::cuda {

CudaEvent::~CudaEvent() {
  if (device_->makeCurrent().ok()) {
    device_->cu().cuEventDestroy(event_);
    if (start_)
      device_->cu().cuEventDestroy(start_);
  }
}

StatusOr<EventTimes> CudaEvent::profilingTimes() {
  if (!start_)
    return invalidArgument(what_ + ": no timestamps; create the queue with "
                                   "QueueOptions::profiling");
  if (state() != EventState::Complete)
    return invalidArgument(what_ + ": timestamps exist once it completed");
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  float ms = 0;
  KILN_RETURN_IF_ERROR(cudaStatus(device_->cu(),
                                  device_->cu().cuEventElapsedTime(&ms, start_,
                                                                   event_),
                                  "cuEventElapsedTime"));
  EventTimes times;
  times.end = static_cast<uint64_t>(static_cast<double>(ms) * 1e6);
  return times;
}

Status CudaEvent::waitNative() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  return cudaStatus(device_->cu(), device_->cu().cuEventSynchronize(event_),
                    "cuEventSynchronize")
      .withContext(what_);
}

StatusOr<EventState> CudaEvent::queryNative() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  CUresult result = device_->cu().cuEventQuery(event_);
  if (result == CUDA_ERROR_NOT_READY)
    return EventState::Pending;
  KILN_RETURN_IF_ERROR(
      cudaStatus(device_->cu(), result, "cuEventQuery").withContext(what_));
  return EventState::Complete;
}

} // namespace kiln::cuda
