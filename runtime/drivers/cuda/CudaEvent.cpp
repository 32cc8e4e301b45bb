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
  if (device_->makeCurrent().ok())
    device_->cu().cuEventDestroy(event_);
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
