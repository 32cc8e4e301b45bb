//===- Queue.cpp - Checks shared by every back end's queue --------------===//
//
// Host<->device and device<->device transfers are range- and device-checked
// here once, and their wait lists resolved, so back ends only issue the
// native command. Also the tracking of debug launches for finish().
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Queue.h"

#include "HostEvent.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"

#include <algorithm>

namespace kiln {
namespace {

bool isPatternSize(size_t size) {
  for (size_t p = 1; p <= 128; p *= 2)
    if (size == p)
      return true;
  return false;
}

std::shared_ptr<const void> keepBuffer(const Buffer &buffer) {
  return buffer.weak_from_this().lock();
}

} // namespace

Status checkWaitList(const EventList &waitFor) {
  for (size_t i = 0; i < waitFor.size(); ++i)
    if (!waitFor[i])
      return invalidArgument("wait list entry " + std::to_string(i) +
                             " is null");
  return Status();
}

StatusOr<EventList> resolveWaitList(const Device &device,
                                    const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(checkWaitList(waitFor));
  EventList native;
  for (size_t i = 0; i < waitFor.size(); ++i) {
    std::shared_ptr<Event> event = waitFor[i];
    // A host event completes after its device event: wait on that one.
    if (auto *host = dynamic_cast<HostEvent *>(event.get()))
      event = host->deviceEvent();
    if (event->state() == EventState::Failed)
      return event->error();
    if (event->device() == &device) {
      native.push_back(event);
      continue;
    }
    KILN_RETURN_IF_ERROR(event->wait());
  }
  return native;
}

Status Queue::checkRange(const Buffer &buffer, size_t bytes, size_t offset,
                         const char *what) const {
  if (&buffer.device() != &device_)
    return invalidArgument(std::string(what) + " buffer belongs to device '" +
                           buffer.device().info().name + "', queue to '" +
                           device_.info().name + "'");
  if (offset > buffer.size() || bytes > buffer.size() - offset)
    return invalidArgument(std::string(what) + " range of " +
                           std::to_string(bytes) + " bytes at offset " +
                           std::to_string(offset) + " overruns a buffer of " +
                           std::to_string(buffer.size()) + " bytes");
  return Status();
}

Status Queue::checkTransfer(const Buffer &buffer, const void *host,
                            size_t bytes, size_t offset) const {
  if (&buffer.device() != &device_)
    return invalidArgument("buffer belongs to device '" +
                           buffer.device().info().name + "', queue to '" +
                           device_.info().name + "'");
  if (offset > buffer.size() || bytes > buffer.size() - offset)
    return invalidArgument("copy of " + std::to_string(bytes) +
                           " bytes at offset " + std::to_string(offset) +
                           " overruns a buffer of " +
                           std::to_string(buffer.size()) + " bytes");
  if (bytes != 0 && host == nullptr)
    return invalidArgument("null host pointer for a copy of " +
                           std::to_string(bytes) + " bytes");
  return Status();
}

Status Queue::writeBuffer(Buffer &dst, const void *src, size_t bytes,
                          size_t offset) {
  KILN_RETURN_IF_ERROR(checkTransfer(dst, src, bytes, offset));
  if (bytes == 0)
    return Status();
  return write(dst, src, bytes, offset);
}

Status Queue::readBuffer(const Buffer &src, void *dst, size_t bytes,
                         size_t offset) {
  KILN_RETURN_IF_ERROR(checkTransfer(src, dst, bytes, offset));
  if (bytes == 0)
    return Status();
  return read(src, dst, bytes, offset);
}

StatusOr<std::shared_ptr<Event>> Queue::submitCommand(
    const std::string &what, const EventList &waitFor,
    std::vector<std::shared_ptr<const void>> keep,
    const std::function<StatusOr<std::shared_ptr<Event>>(const EventList &)>
        &submit) {
  KILN_RETURN_IF_ERROR(checkWaitList(waitFor).withContext(what));
  StatusOr<EventList> native = resolveWaitList(device_, waitFor);
  if (!native.ok()) {
    return Event::failed(
        native.status().withContext(what + " skipped: a dependency failed"));
  }
  StatusOr<std::shared_ptr<Event>> event = submit(*native);
  if (!event.ok())
    return event.status().withContext(what);
  (*event)->keepAlive(std::move(keep));
  return event;
}

StatusOr<std::shared_ptr<Event>>
Queue::writeBufferAsync(Buffer &dst, const void *src, size_t bytes,
                        size_t offset, const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(checkTransfer(dst, src, bytes, offset));
  return submitCommand("write of " + std::to_string(bytes) + " bytes", waitFor,
                       {keepBuffer(dst)}, [&](const EventList &native) {
                         return submitWrite(dst, offset, src, bytes, native);
                       });
}

StatusOr<std::shared_ptr<Event>>
Queue::readBufferAsync(const Buffer &src, void *dst, size_t bytes,
                       size_t offset, const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(checkTransfer(src, dst, bytes, offset));
  return submitCommand("read of " + std::to_string(bytes) + " bytes", waitFor,
                       {keepBuffer(src)}, [&](const EventList &native) {
                         return submitRead(src, offset, dst, bytes, native);
                       });
}

StatusOr<std::shared_ptr<Event>>
Queue::copyBuffer(const Buffer &src, size_t srcOffset, Buffer &dst,
                  size_t dstOffset, size_t bytes, const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(checkRange(src, bytes, srcOffset, "source"));
  KILN_RETURN_IF_ERROR(checkRange(dst, bytes, dstOffset, "destination"));
  if (&src == &dst && srcOffset < dstOffset + bytes &&
      dstOffset < srcOffset + bytes)
    return invalidArgument("copy of " + std::to_string(bytes) +
                           " bytes from offset " + std::to_string(srcOffset) +
                           " to offset " + std::to_string(dstOffset) +
                           " overlaps within one buffer");
  return submitCommand(
      "copy of " + std::to_string(bytes) + " bytes", waitFor,
      {keepBuffer(src), keepBuffer(dst)}, [&](const EventList &native) {
        return submitCopy(src, srcOffset, dst, dstOffset, bytes, native);
      });
}

StatusOr<std::shared_ptr<Event>>
Queue::fillBuffer(Buffer &dst, const void *pattern, size_t patternSize,
                  size_t offset, size_t bytes, const EventList &waitFor) {
  if (!isPatternSize(patternSize))
    return invalidArgument("fill pattern of " + std::to_string(patternSize) +
                           " bytes; expected 1, 2, 4, 8, 16, 32, 64 or 128");
  if (!pattern)
    return invalidArgument("null fill pattern");
  if (offset % patternSize != 0 || bytes % patternSize != 0)
    return invalidArgument("fill of " + std::to_string(bytes) +
                           " bytes at offset " + std::to_string(offset) +
                           " is not a multiple of the " +
                           std::to_string(patternSize) + "-byte pattern");
  KILN_RETURN_IF_ERROR(checkRange(dst, bytes, offset, "fill"));
  return submitCommand("fill of " + std::to_string(bytes) + " bytes", waitFor,
                       {keepBuffer(dst)}, [&](const EventList &native) {
                         return submitFill(dst, offset, bytes, pattern,
                                           patternSize, native);
                       });
}

StatusOr<std::shared_ptr<Event>>
Queue::submitWrite(Buffer &, size_t, const void *, size_t, const EventList &) {
  return unimplemented("asynchronous writes are unsupported on '" +
                       device_.info().name + "'");
}

StatusOr<std::shared_ptr<Event>>
Queue::submitRead(const Buffer &, size_t, void *, size_t, const EventList &) {
  return unimplemented("asynchronous reads are unsupported on '" +
                       device_.info().name + "'");
}

StatusOr<std::shared_ptr<Event>> Queue::submitCopy(const Buffer &, size_t,
                                                   Buffer &, size_t, size_t,
                                                   const EventList &) {
  return unimplemented("buffer copies are unsupported on '" +
                       device_.info().name + "'");
}

StatusOr<std::shared_ptr<Event>> Queue::submitFill(Buffer &, size_t, size_t,
                                                   const void *, size_t,
                                                   const EventList &) {
  return unimplemented("buffer fills are unsupported on '" +
                       device_.info().name + "'");
}

StatusOr<std::shared_ptr<Event>> Queue::marker() {
  if (options_.outOfOrder)
    return invalidArgument("a marker needs an in-order queue");
  return submitMarker();
}

StatusOr<std::shared_ptr<Event>> Queue::submitMarker() {
  return unimplemented("queue markers are unsupported on '" +
                       device_.info().name + "'");
}

namespace {

/// The launch of a plan on a back end without a direct one: the no-event
/// submission every launch takes.
class NoEventLaunchPlan final : public KernelLaunchPlan {
public:
  NoEventLaunchPlan(Queue &queue, const Kernel &kernel)
      : queue_(queue), kernel_(kernel) {}
  Status launch(const PackedLaunch &launch) override {
    return queue_.submitKernelWithoutEvent(kernel_, launch, {});
  }

private:
  Queue &queue_;
  const Kernel &kernel_;
};

} // namespace

StatusOr<std::unique_ptr<KernelLaunchPlan>>
Queue::planKernelLaunch(const Kernel &kernel, const PackedLaunch &) {
  return std::unique_ptr<KernelLaunchPlan>(
      std::make_unique<NoEventLaunchPlan>(*this, kernel));
}

Status Queue::submitKernelWithoutEvent(const Kernel &kernel,
                                       const PackedLaunch &launch,
                                       const EventList &waitFor) {
  return submitKernel(kernel, launch, waitFor).status();
}

void Queue::trackCheckedEvent(std::shared_ptr<Event> event) {
  std::lock_guard<std::mutex> lock(trackedMutex_);
  tracked_.erase(std::remove_if(tracked_.begin(), tracked_.end(),
                                [](const std::shared_ptr<Event> &e) {
                                  return !e->hasPendingChecks();
                                }),
                 tracked_.end());
  tracked_.push_back(std::move(event));
}

Status Queue::runTrackedChecks() {
  std::vector<std::shared_ptr<Event>> tracked;
  {
    std::lock_guard<std::mutex> lock(trackedMutex_);
    tracked.swap(tracked_);
  }
  Status first;
  for (const std::shared_ptr<Event> &event : tracked) {
    Status status = event->wait();
    if (first.ok())
      first = status;
  }
  return first;
}

} // namespace kiln
