//===- HostEvent.h - Completion of a launch's host-side work ----*- C++ -*-===//
//
// The host event of callKernelAsync (numba-dpex's call_kernel_async): it
// completes after the launch's device event, once everything the launch
// kept alive has been released. A runtime thread (HostTaskRunner) waits on
// device events in submission order and completes the host events.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_SRC_HOSTEVENT_H
#define KILN_RUNTIME_SRC_HOSTEVENT_H

#include "kiln/runtime/Event.h"

#include <condition_variable>

namespace kiln {

/// Signalled by the host task runner, never by a device.
class HostEvent final : public Event {
public:
  explicit HostEvent(std::shared_ptr<Event> deviceEvent)
      : Event(nullptr), deviceEvent_(std::move(deviceEvent)) {}

  /// The launch's device event; dependencies on the host event wait on it.
  const std::shared_ptr<Event> &deviceEvent() const { return deviceEvent_; }
  /// Marks the host work done with the device work's result.
  void complete(Status result);

protected:
  Status waitNative() override;
  StatusOr<EventState> queryNative() override;

private:
  std::shared_ptr<Event> deviceEvent_;
  std::mutex mutex_;
  std::condition_variable done_;
  bool complete_ = false;
  Status result_;
};

/// Waits for `deviceEvent` on the runtime's host task thread, then drops
/// `resources` and completes `hostEvent`. Tasks run in submission order.
void enqueueHostTask(std::shared_ptr<Event> deviceEvent,
                     std::shared_ptr<HostEvent> hostEvent,
                     std::vector<std::shared_ptr<const void>> resources);

} // namespace kiln

#endif // KILN_RUNTIME_SRC_HOSTEVENT_H
