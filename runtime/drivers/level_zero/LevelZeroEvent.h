//===- LevelZeroEvent.h - Completion of Level Zero commands -----*- C++ -*-===//
//
// An Event backed by a ze_event_handle_t that one appended command (launch
// or copy) signals. Each event has a one-event pool of its own, host
// visible and with kernel timestamps.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROEVENT_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROEVENT_H

#include "LevelZeroDevice.h"
#include "kiln/runtime/Event.h"

#include <mutex>

namespace kiln::level_zero {

/// Owns one event and its pool.
class LevelZeroEvent final : public Event {
public:
  /// A new, unsignalled event on `device`; `what` ("kernel 'saxpy'") names
  /// it in errors.
  static StatusOr<std::shared_ptr<LevelZeroEvent>>
  create(std::shared_ptr<const LevelZeroDevice> device, std::string what);
  ~LevelZeroEvent() override;

  ze_event_handle_t handle() const { return event_; }

  /// Keeps the events whose handles the signalling command waits on alive
  /// until this one is seen signalled (a wait list must outlive its use).
  void holdDependencies(EventList events);
  /// Non-blocking: true once signalled (dependencies are then released).
  bool signalled();

protected:
  Status waitNative() override;
  StatusOr<EventState> queryNative() override;

private:
  LevelZeroEvent(std::shared_ptr<const LevelZeroDevice> device,
                 ze_event_pool_handle_t pool, ze_event_handle_t event,
                 std::string what)
      : Event(device.get()), device_(std::move(device)), pool_(pool),
        event_(event), what_(std::move(what)) {}
  void releaseDependencies();

  std::shared_ptr<const LevelZeroDevice> device_;
  ze_event_pool_handle_t pool_;
  ze_event_handle_t event_;
  std::string what_;
  std::mutex mutex_;
  EventList dependencies_;
};

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROEVENT_H
