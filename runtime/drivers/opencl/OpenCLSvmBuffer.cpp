//===- OpenCLSvmBuffer.cpp - Device memory as an SVM allocation ---------===//
//
// The use list of an SVM buffer and its deferred free (see the header).
//
//===----------------------------------------------------------------------===//
#include "OpenCLSvmBuffer.h"

#include <algorithm>

namespace kiln {
namespace {

bool finished(cl_event event) {
  cl_int status = CL_QUEUED;
  if (clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status),
                     &status, nullptr) != CL_SUCCESS)
    return true; // An event the implementation no longer knows: not running.
  // Negative: the command failed, so it no longer touches the memory.
  return status == CL_COMPLETE || status < 0;
}

} // namespace

void OpenCLSvmBuffer::dropFinishedUses() const {
  auto done = std::partition(uses_.begin(), uses_.end(), [](const Use &use) {
    return !finished(use.event);
  });
  for (auto it = done; it != uses_.end(); ++it) {
    clReleaseEvent(it->event);
    clReleaseCommandQueue(it->queue);
  }
  uses_.erase(done, uses_.end());
}

void OpenCLSvmBuffer::dropFinishedOldestUses() const {
  auto firstPending =
      std::find_if(uses_.begin(), uses_.end(),
                   [](const Use &use) { return !finished(use.event); });
  for (auto it = uses_.begin(); it != firstPending; ++it) {
    clReleaseEvent(it->event);
    clReleaseCommandQueue(it->queue);
  }
  uses_.erase(uses_.begin(), firstPending);
}

void OpenCLSvmBuffer::recordUse(cl_event event, cl_command_queue queue) const {
  std::lock_guard<std::mutex> lock(usesMutex_);
  // Keeps the list as short as the work in flight, however many commands
  // use the buffer over its life. Only the oldest uses are looked at (they
  // finish first on an in-order queue), so a command costs amortised O(1)
  // queries even with thousands queued; the destructor looks at all.
  dropFinishedOldestUses();
  clRetainEvent(event);
  clRetainCommandQueue(queue);
  uses_.push_back(Use{event, queue});
}

OpenCLSvmBuffer::~OpenCLSvmBuffer() {
  std::lock_guard<std::mutex> lock(usesMutex_);
  dropFinishedUses();
  if (uses_.empty()) {
    clSVMFree(context_, pointer_);
    return;
  }
  // Commands still use the memory: free it on the device after them. Any
  // queue of the context may carry the free; the newest use's is as good as
  // any (the wait list orders it after the others).
  std::vector<cl_event> waits;
  for (const Use &use : uses_)
    waits.push_back(use.event);
  cl_command_queue queue = uses_.back().queue;
  void *pointers[] = {pointer_};
  cl_int err = clEnqueueSVMFree(queue, 1, pointers, nullptr, nullptr,
                                static_cast<cl_uint>(waits.size()),
                                waits.data(), nullptr);
  if (err == CL_SUCCESS) {
    clFlush(queue);
  } else {
    // A destructor cannot report the error; waiting is still correct.
    clWaitForEvents(static_cast<cl_uint>(waits.size()), waits.data());
    clSVMFree(context_, pointer_);
  }
  for (const Use &use : uses_) {
    clReleaseEvent(use.event);
    clReleaseCommandQueue(use.queue);
  }
}

} // namespace kiln
