//===- Event.cpp - Back-end independent event logic ---------------------===//
//
// Failure recording, completion checks (debug records read back after the
// work) and resource release shared by every back end's event; plus the
// event that failed before reaching a device (a launch skipped because one
// of its dependencies failed).
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Event.h"

namespace kiln {
namespace {

/// An event whose work never ran: it carries the error that prevented it.
class FailedEvent final : public Event {
public:
  explicit FailedEvent(Status error)
      : Event(nullptr), error_(std::move(error)) {}

protected:
  Status waitNative() override { return error_; }
  StatusOr<EventState> queryNative() override { return error_; }

private:
  Status error_;
};

} // namespace

std::shared_ptr<Event> Event::failed(Status error) {
  if (error.ok())
    error = internalError("Event::failed called with an ok status");
  return std::make_shared<FailedEvent>(std::move(error));
}

void Event::recordFailure(const Status &status) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (failure_.ok())
    failure_ = status;
}

void Event::addCompletionCheck(std::function<Status()> check) {
  std::lock_guard<std::mutex> lock(mutex_);
  checks_.push_back(std::move(check));
}

void Event::addUpstream(std::shared_ptr<Event> upstream) {
  if (!upstream || upstream.get() == this)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  upstream_.push_back(std::move(upstream));
}

bool Event::hasPendingChecks() {
  std::vector<std::shared_ptr<Event>> upstream;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!checks_.empty())
      return true;
    upstream = upstream_;
  }
  for (const std::shared_ptr<Event> &event : upstream)
    if (event->hasPendingChecks())
      return true;
  return false;
}

void Event::runCompletionChecks() {
  std::lock_guard<std::mutex> running(checkMutex_);
  std::vector<std::function<Status()>> checks;
  std::vector<std::shared_ptr<Event>> upstream;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    checks.swap(checks_);
    upstream.swap(upstream_);
  }
  // Upstream work finished before this one started, so waiting is cheap;
  // its failure comes first, as the cause.
  for (const std::shared_ptr<Event> &event : upstream) {
    Status status = event->wait();
    if (!status.ok())
      recordFailure(status.withContext("a dependency failed"));
  }
  for (const std::function<Status()> &check : checks) {
    Status status = check();
    if (!status.ok())
      recordFailure(status);
  }
}

StatusOr<EventTimes> Event::profilingTimes() {
  return unimplemented("event timestamps are unsupported here");
}

Status Event::wait() {
  Status status = waitNative();
  if (!status.ok())
    recordFailure(status);
  else
    runCompletionChecks();
  std::vector<std::shared_ptr<const void>> released;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    released.swap(keptAlive_);
    status = failure_;
  }
  return status;
}

EventState Event::state() {
  if (!error().ok())
    return EventState::Failed;
  StatusOr<EventState> state = queryNative();
  if (state.ok()) {
    if (*state != EventState::Complete)
      return *state;
    runCompletionChecks();
    return error().ok() ? EventState::Complete : EventState::Failed;
  }
  recordFailure(state.status());
  return EventState::Failed;
}

Status Event::error() {
  std::lock_guard<std::mutex> lock(mutex_);
  return failure_;
}

void Event::keepAlive(std::vector<std::shared_ptr<const void>> resources) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (keptAlive_.empty()) { // The usual case: no allocation (launch path).
    keptAlive_.swap(resources);
    return;
  }
  for (auto &resource : resources)
    keptAlive_.push_back(std::move(resource));
}

} // namespace kiln
