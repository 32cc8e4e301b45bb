//===- Event.cpp - Back-end independent event logic ---------------------===//
//
// Failure recording and resource release shared by every back end's event;
// plus the event that failed before reaching a device (a launch skipped
// because one of its dependencies failed).
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Event.h"

namespace kiln {
namespace {

/// An event whose work never ran: it carries the error that prevented it.
class FailedEvent final : public Event {
public:
  explicit FailedEvent(Status error) : Event(nullptr), error_(std::move(error)) {}

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

Status Event::wait() {
  Status status = waitNative();
  if (!status.ok())
    recordFailure(status);
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
  if (state.ok())
    return *state;
  recordFailure(state.status());
  return EventState::Failed;
}

Status Event::error() {
  std::lock_guard<std::mutex> lock(mutex_);
  return failure_;
}

void Event::keepAlive(std::vector<std::shared_ptr<const void>> resources) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto &resource : resources)
    keptAlive_.push_back(std::move(resource));
}

} // namespace kiln
