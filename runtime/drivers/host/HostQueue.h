//===- HostQueue.h - Commands of the host device ----------------*- C++ -*-===//
//
// Each queue has one thread that runs its commands (kernels, copies,
// fills, markers) one after another in submission order, each after the
// events of its wait list. That order serves in-order queues and is a
// valid order of out-of-order ones: a wait list only names events that
// exist, so every dependency was submitted before the command that waits
// for it, and running commands in submission order never waits for a
// later one. A kernel's work-groups run on the device's oneTBB arena.
// Events complete (and carry steady_clock timestamps on profiling queues)
// when the command has run.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_HOST_HOSTQUEUE_H
#define KILN_RUNTIME_DRIVERS_HOST_HOSTQUEUE_H

#include "HostDevice.h"
#include "kiln/runtime/Event.h"
#include "kiln/runtime/Queue.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace kiln::host {

/// The event of one command.
class CommandEvent final : public Event {
public:
  CommandEvent(const Device *device, bool profiling)
      : Event(device), profiling_(profiling) {}
  /// The command has run (`result`: its failure, if any).
  void complete(Status result, EventTimes times);
  /// Blocks until the command has run; its failure.
  Status waitDone();
  StatusOr<EventTimes> profilingTimes() override;

protected:
  Status waitNative() override { return waitDone(); }
  StatusOr<EventState> queryNative() override;

private:
  bool profiling_;
  std::mutex mutex_;
  std::condition_variable done_;
  bool complete_ = false;
  Status result_;
  EventTimes times_;
};

class HostQueue final : public Queue {
public:
  HostQueue(std::shared_ptr<const HostDevice> device, QueueOptions options);
  ~HostQueue() override;

  Status finish() override;
  StatusOr<std::shared_ptr<Event>>
  submitKernel(const Kernel &kernel, const PackedLaunch &launch,
               const EventList &waitFor) override;

protected:
  Status write(Buffer &dst, const void *src, size_t bytes,
               size_t offset) override;
  Status read(const Buffer &src, void *dst, size_t bytes,
              size_t offset) override;
  StatusOr<std::shared_ptr<Event>>
  submitWrite(Buffer &dst, size_t offset, const void *src, size_t bytes,
              const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>>
  submitRead(const Buffer &src, size_t offset, void *dst, size_t bytes,
             const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>>
  submitCopy(const Buffer &src, size_t srcOffset, Buffer &dst, size_t dstOffset,
             size_t bytes, const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>>
  submitFill(Buffer &dst, size_t offset, size_t bytes, const void *pattern,
             size_t patternSize, const EventList &waitFor) override;
  StatusOr<std::shared_ptr<Event>> submitMarker() override;

private:
  struct Command {
    EventList waitFor;
    std::function<Status()> run;
    std::shared_ptr<CommandEvent> event;
  };
  /// Queues `run` after `waitFor`; returns its event.
  std::shared_ptr<CommandEvent> enqueue(EventList waitFor,
                                        std::function<Status()> run);
  void worker();

  std::shared_ptr<const HostDevice> device_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Command> commands_;
  bool running_ = false; ///< The worker is running a command.
  bool stop_ = false;
  std::thread thread_;
};

} // namespace kiln::host

#endif // KILN_RUNTIME_DRIVERS_HOST_HOSTQUEUE_H
