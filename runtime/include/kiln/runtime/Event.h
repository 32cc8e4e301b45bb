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

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace kiln {

class Device;

/// Where the tracked work stands.
enum class EventState { Pending, Complete, Failed };

/// Device timestamps of a command, in nanoseconds of one device clock.
struct EventTimes {
  uint64_t start = 0; ///< The command began executing.
  uint64_t end = 0;   ///< The command finished.
  uint64_t duration() const { return end > start ? end - start : 0; }
};

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

  /// Device timestamps of the completed command; needs a queue created
  /// with QueueOptions::profiling. Unimplemented where unsupported,
  /// InvalidArgument while pending or for an unprofiled queue.
  virtual StatusOr<EventTimes> profilingTimes();

  /// Runs `check` once, when the work is first seen complete (wait() or
  /// state()); a failed check fails the event. Used to read back a debug
  /// kernel's DebugRecord.
  void addCompletionCheck(std::function<Status()> check);
  /// This event's work waited on `upstream` on the device: when
  /// `upstream`'s completion check fails, this event fails too.
  void addUpstream(std::shared_ptr<Event> upstream);
  /// A completion check of this event or of an upstream has not run yet.
  bool hasPendingChecks();

  /// An event that has already failed with `error` (not ok).
  static std::shared_ptr<Event> failed(Status error);

protected:
  explicit Event(const Device *device) : device_(device) {}
  /// Blocks on the native object; returns the failure of the work if any.
  virtual Status waitNative() = 0;
  /// Polls the native object; a failure is returned as a non-ok Status.
  virtual StatusOr<EventState> queryNative() = 0;

  void recordFailure(const Status &status);

private:
  /// Runs pending completion checks and upstream checks (work complete).
  void runCompletionChecks();

  const Device *device_;
  std::mutex mutex_;
  Status failure_;
  std::vector<std::shared_ptr<const void>> keptAlive_;
  std::mutex checkMutex_; ///< Held while checks run: waiters see results.
  std::vector<std::function<Status()>> checks_;
  std::vector<std::shared_ptr<Event>> upstream_;
};

/// A list of events a submission must wait for.
using EventList = std::vector<std::shared_ptr<Event>>;

} // namespace kiln

#endif // KILN_RUNTIME_EVENT_H
