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
  if (!event) // Event-less uses are known finished only through a marker.
    return false;
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
  // Event-less uses (at most one per queue) are kept and stepped over.
  size_t kept = 0, next = 0;
  for (; next < uses_.size(); ++next) {
    const Use use = uses_[next];
    if (!use.event) {
      uses_[kept++] = use;
      continue;
    }
    if (!finished(use.event))
      break;
    clReleaseEvent(use.event);
    clReleaseCommandQueue(use.queue);
  }
  uses_.erase(uses_.begin() + kept, uses_.begin() + next);
}

void OpenCLSvmBuffer::recordEventlessUse(cl_command_queue queue) const {
  for (const Use &use : uses_)
    if (!use.event && use.queue == queue)
      return; // Already stands for this queue's event-less commands.
  clRetainCommandQueue(queue);
  uses_.push_back(Use{nullptr, queue});
}

void OpenCLSvmBuffer::recordUse(cl_event event, cl_command_queue queue) const {
  std::lock_guard<std::mutex> lock(usesMutex_);
  // Keeps the list as short as the work in flight, however many commands
  // use the buffer over its life. Only the oldest uses are looked at (they
  // finish first on an in-order queue), so a command costs amortised O(1)
  // queries even with thousands queued; the destructor looks at all.
  dropFinishedOldestUses();
  if (!event)
    return recordEventlessUse(queue);
  // The queue is in order wherever it has event-less uses: this command
  // completes after them, so its event stands for them.
  auto covered =
      std::remove_if(uses_.begin(), uses_.end(), [&](const Use &use) {
        return !use.event && use.queue == queue;
      });
  for (auto it = covered; it != uses_.end(); ++it)
    clReleaseCommandQueue(it->queue);
  uses_.erase(covered, uses_.end());
  clRetainEvent(event);
  clRetainCommandQueue(queue);
  uses_.push_back(Use{event, queue});
}

OpenCLSvmBuffer::~OpenCLSvmBuffer() {
  std::lock_guard<std::mutex> lock(usesMutex_);
  // An event-less use becomes a marker on its in-order queue, after them
  // all (or, failing that, the queue is waited for).
  for (Use &use : uses_)
    if (!use.event && clEnqueueMarkerWithWaitList(use.queue, 0, nullptr,
                                                  &use.event) != CL_SUCCESS) {
      clFinish(use.queue);
      use.event = nullptr;
    }
  auto waited = std::remove_if(uses_.begin(), uses_.end(), [](const Use &use) {
    if (use.event)
      return false;
    clReleaseCommandQueue(use.queue);
    return true;
  });
  uses_.erase(waited, uses_.end());
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
