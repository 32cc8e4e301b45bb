//===- LevelZeroEvent.cpp - Completion of Level Zero commands -----------===//
//
// Maps zeEventQueryStatus / zeEventHostSynchronize onto EventState; an
// error result (e.g. ZE_RESULT_ERROR_DEVICE_LOST) makes the event failed.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroEvent.h"

#include "LevelZeroStatus.h"

#include <cstdint>

namespace kiln::level_zero {

StatusOr<std::shared_ptr<LevelZeroEvent>>
LevelZeroEvent::create(std::shared_ptr<const LevelZeroDevice> device,
                       std::string what) {
  const LevelZeroDynamicSymbols &ze = device->ze();
  ze_event_pool_desc_t poolDesc{};
  poolDesc.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC;
  poolDesc.flags =
      ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP;
  poolDesc.count = 1;
  ze_device_handle_t deviceHandle = device->handle();
  ze_event_pool_handle_t pool = nullptr;
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(ze.zeEventPoolCreate(device->context(), &poolDesc, 1,
                                           &deviceHandle, &pool),
                      "zeEventPoolCreate"));
  ze_event_desc_t eventDesc{};
  eventDesc.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
  eventDesc.index = 0;
  eventDesc.signal = ZE_EVENT_SCOPE_FLAG_HOST;
  eventDesc.wait = ZE_EVENT_SCOPE_FLAG_HOST;
  ze_event_handle_t event = nullptr;
  Status created = levelZeroStatus(ze.zeEventCreate(pool, &eventDesc, &event),
                                   "zeEventCreate");
  if (!created.ok()) {
    ze.zeEventPoolDestroy(pool);
    return created;
  }
  return std::shared_ptr<LevelZeroEvent>(
      new LevelZeroEvent(std::move(device), pool, event, std::move(what)));
}

LevelZeroEvent::~LevelZeroEvent() {
  device_->ze().zeEventDestroy(event_);
  device_->ze().zeEventPoolDestroy(pool_);
}

void LevelZeroEvent::holdDependencies(EventList events) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (std::shared_ptr<Event> &event : events)
    dependencies_.push_back(std::move(event));
}

void LevelZeroEvent::releaseDependencies() {
  EventList released;
  std::lock_guard<std::mutex> lock(mutex_);
  released.swap(dependencies_);
}

bool LevelZeroEvent::signalled() {
  if (device_->ze().zeEventQueryStatus(event_) != ZE_RESULT_SUCCESS)
    return false;
  releaseDependencies();
  return true;
}

Status LevelZeroEvent::waitNative() {
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(device_->ze().zeEventHostSynchronize(event_, UINT64_MAX),
                      "zeEventHostSynchronize")
          .withContext(what_));
  releaseDependencies();
  return Status();
}

StatusOr<EventState> LevelZeroEvent::queryNative() {
  ze_result_t result = device_->ze().zeEventQueryStatus(event_);
  if (result == ZE_RESULT_NOT_READY)
    return EventState::Pending;
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(result, "zeEventQueryStatus").withContext(what_));
  releaseDependencies();
  return EventState::Complete;
}

} // namespace kiln::level_zero
