//===- OpenCLEvent.cpp - Completion of OpenCL commands ------------------===//
//
// Maps CL_EVENT_COMMAND_EXECUTION_STATUS onto EventState.
//
//===----------------------------------------------------------------------===//
#include "OpenCLEvent.h"

#include "OpenCLStatus.h"
#include "kiln/runtime/Device.h"

namespace kiln {

OpenCLEvent::OpenCLEvent(std::shared_ptr<const Device> device, cl_event event,
                         std::string what)
    : Event(device.get()), owner_(std::move(device)), event_(event),
      what_(std::move(what)) {}

OpenCLEvent::~OpenCLEvent() { clReleaseEvent(event_); }

Status OpenCLEvent::executionFailure(cl_int status) const {
  return internalError(what_ + " failed on '" + owner_->info().name +
                       "': " + openclErrorName(status) + " (" +
                       std::to_string(status) + ")");
}

Status OpenCLEvent::waitNative() {
  cl_int err = clWaitForEvents(1, &event_);
  StatusOr<EventState> state = queryNative();
  if (!state.ok())
    return state.status();
  return openclStatus(err, "clWaitForEvents");
}

StatusOr<EventTimes> OpenCLEvent::profilingTimes() {
  if (state() != EventState::Complete)
    return invalidArgument(what_ + ": timestamps exist once it completed");
  cl_ulong start = 0, end = 0;
  cl_int err = clGetEventProfilingInfo(event_, CL_PROFILING_COMMAND_START,
                                       sizeof(start), &start, nullptr);
  if (err == CL_PROFILING_INFO_NOT_AVAILABLE)
    return invalidArgument(what_ + ": no timestamps; create the queue with "
                                   "QueueOptions::profiling");
  KILN_RETURN_IF_ERROR(openclStatus(err, "clGetEventProfilingInfo"));
  KILN_RETURN_IF_ERROR(
      openclStatus(clGetEventProfilingInfo(event_, CL_PROFILING_COMMAND_END,
                                           sizeof(end), &end, nullptr),
                   "clGetEventProfilingInfo"));
  return EventTimes{start, end};
}

void OpenCLEvent::noteDone() const {
  if (!inFlight_)
    return;
  if (coversEarlier_)
    inFlight_->completedThrough(sequence_);
  else if (sequence_ != 0)
    inFlight_->completed(sequence_);
}

StatusOr<EventState> OpenCLEvent::queryNative() {
  cl_int status = CL_COMPLETE;
  KILN_RETURN_IF_ERROR(
      openclStatus(clGetEventInfo(event_, CL_EVENT_COMMAND_EXECUTION_STATUS,
                                  sizeof(status), &status, nullptr),
                   "clGetEventInfo"));
  if (status < 0 || status == CL_COMPLETE)
    noteDone(); // No longer running: a fatal signal need not name it.
  if (status < 0)
    return executionFailure(status);
  return status == CL_COMPLETE ? EventState::Complete : EventState::Pending;
}

} // namespace kiln
