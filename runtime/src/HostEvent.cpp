//===- HostEvent.cpp - Completion of a launch's host-side work ----------===//
//
// One process-wide thread runs host tasks: wait for a device event, release
// the launch's resources, complete the host event. The runner is never
// destroyed (its thread is detached), so that no static destructor waits
// on device work at exit.
//
//===----------------------------------------------------------------------===//
#include "HostEvent.h"

#include <deque>
#include <thread>

namespace kiln {
namespace {

struct HostTask {
  std::shared_ptr<Event> deviceEvent;
  std::shared_ptr<HostEvent> hostEvent;
  std::vector<std::shared_ptr<const void>> resources;
};

class HostTaskRunner {
public:
  HostTaskRunner() {
    std::thread([this] { run(); }).detach();
  }

  void enqueue(HostTask task) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      tasks_.push_back(std::move(task));
    }
    ready_.notify_one();
  }

private:
  void run() {
    for (;;) {
      HostTask task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return !tasks_.empty(); });
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      Status result = task.deviceEvent->wait();
      task.resources.clear();
      task.deviceEvent.reset();
      task.hostEvent->complete(std::move(result));
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<HostTask> tasks_;
};

HostTaskRunner &runner() {
  static HostTaskRunner *instance = new HostTaskRunner();
  return *instance;
}

} // namespace

void HostEvent::complete(Status result) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    complete_ = true;
    result_ = std::move(result);
  }
  done_.notify_all();
}

Status HostEvent::waitNative() {
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return complete_; });
  return result_;
}

StatusOr<EventState> HostEvent::queryNative() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!complete_)
    return EventState::Pending;
  if (!result_.ok())
    return result_;
  return EventState::Complete;
}

void enqueueHostTask(std::shared_ptr<Event> deviceEvent,
                     std::shared_ptr<HostEvent> hostEvent,
                     std::vector<std::shared_ptr<const void>> resources) {
  runner().enqueue(HostTask{std::move(deviceEvent), std::move(hostEvent),
                            std::move(resources)});
}

} // namespace kiln
