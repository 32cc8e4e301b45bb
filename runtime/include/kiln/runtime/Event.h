//===- Event.h - Completion of a submission ---------------------*- C++ -*-===//
//
// Every asynchronous submission signals an Event, and every submission takes
// a wait list of events. A failed event carries the error of the work it
// tracks and hands it on: a launch whose wait list holds a failed event is
// not submitted and returns an event failed with that error.
// An event also keeps the launch's resources (buffers, kernel) alive until
// it has been waited on.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_EVENT_H
#define KILN_RUNTIME_EVENT_H

#include "kiln/runtime/Status.h"

#include <memory>
#include <mutex>
#include <vector>

namespace kiln {

class Device;

/// Where the tracked work stands.
enum class EventState { Pending, Complete, Failed };

/// Signalled when the work it tracks completes or fails.
class Event {
public:
  virtual ~Event() = default;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  /// Blocks until the work is done; returns its error if it failed. Releases
  /// the resources the launch kept alive.
  Status wait();
  /// Non-blocking query.
  EventState state();
  /// The error of a failed event; ok otherwise (also while pending).
  Status error();

  /// The device whose queue signals this event; null for an event that
  /// failed before reaching any device.
  const Device *device() const { return device_; }

  /// Keeps `resources` alive until the event has been waited on.
  void keepAlive(std::vector<std::shared_ptr<const void>> resources);

  /// An event that has already failed with `error` (not ok).
  static std::shared_ptr<Event> failed(Status error);

protected:
  explicit Event(const Device *device) : device_(device) {}
  /// Blocks on the native object; returns the failure of the work if any.
  virtual Status waitNative() = 0;
  /// Polls the native object; a failure is returned as a non-ok Status.
  virtual StatusOr<EventState> queryNative() = 0;

private:
  void recordFailure(const Status &status);

  const Device *device_;
  std::mutex mutex_;
  Status failure_;
  std::vector<std::shared_ptr<const void>> keptAlive_;
};

/// A list of events a submission must wait for.
using EventList = std::vector<std::shared_ptr<Event>>;

} // namespace kiln

#endif // KILN_RUNTIME_EVENT_H
