//===- LevelZeroQueue.cpp - An in-order immediate command list ----------===//
//
// Feeds the values computed by LevelZeroLaunchParameters to the driver:
// zeKernelSetArgumentValue per native-ABI argument, zeKernelSetGroupSize,
// zeCommandListAppendLaunchKernel. Host transfers are appended copies
// waited on at once.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroQueue.h"

#include "LevelZeroBuffer.h"
#include "LevelZeroExecutable.h"
#include "LevelZeroStatus.h"

#include "kiln/runtime/WorkGroupShape.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace kiln::level_zero {
namespace {

char *pointerOf(const Buffer &buffer, size_t offset) {
  return static_cast<char *>(
             static_cast<const LevelZeroBuffer &>(buffer).pointer()) +
         offset;
}

/// zeKernelSuggestGroupSize for a Range; {0,0,0} when it has no answer.
std::array<uint32_t, 3> suggestedGroupSize(const LevelZeroDynamicSymbols &ze,
                                           ze_kernel_handle_t kernel,
                                           const LaunchGeometry &geometry) {
  std::array<uint32_t, 3> size = {0, 0, 0};
  if (geometry.local)
    return size;
  for (int64_t extent : geometry.global)
    if (extent > std::numeric_limits<uint32_t>::max())
      return size;
  if (ze.zeKernelSuggestGroupSize(
          kernel, static_cast<uint32_t>(geometry.global[0]),
          static_cast<uint32_t>(geometry.global[1]),
          static_cast<uint32_t>(geometry.global[2]), &size[0], &size[1],
          &size[2]) != ZE_RESULT_SUCCESS)
    return {0, 0, 0};
  return size;
}

} // namespace

LevelZeroQueue::~LevelZeroQueue() {
  (void)finish();
  inFlight_.clear();
  last_.reset();
  device_->ze().zeCommandListDestroy(list_);
}

StatusOr<std::shared_ptr<LevelZeroEvent>>
LevelZeroQueue::submit(const std::string &what, const EventList &waitFor,
                       const AppendCommand &append) {
  std::lock_guard<std::mutex> lock(mutex_);
  inFlight_.erase(std::remove_if(inFlight_.begin(), inFlight_.end(),
                                 [](const std::shared_ptr<LevelZeroEvent> &e) {
                                   return e->signalled();
                                 }),
                  inFlight_.end());
  StatusOr<std::shared_ptr<LevelZeroEvent>> event =
      LevelZeroEvent::create(device_, what);
  if (!event.ok())
    return event.status();
  EventList dependencies = waitFor;
  if (last_)
    dependencies.push_back(last_);
  std::vector<ze_event_handle_t> handles;
  for (const std::shared_ptr<Event> &dependency : dependencies)
    handles.push_back(
        static_cast<const LevelZeroEvent &>(*dependency).handle());
  KILN_RETURN_IF_ERROR(append((*event)->handle(),
                              static_cast<uint32_t>(handles.size()),
                              handles.empty() ? nullptr : handles.data()));
  (*event)->holdDependencies(std::move(dependencies));
  last_ = *event;
  inFlight_.push_back(*event);
  return event;
}

Status LevelZeroQueue::finish() {
  std::shared_ptr<LevelZeroEvent> last;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    last = last_;
  }
  return last ? last->wait() : Status();
}

Status LevelZeroQueue::copy(void *dst, const void *src, size_t bytes,
                            const char *what) {
  const LevelZeroDynamicSymbols &ze = device_->ze();
  StatusOr<std::shared_ptr<LevelZeroEvent>> event = submit(
      what, {},
      [&](ze_event_handle_t signal, uint32_t count, ze_event_handle_t *wait) {
        return levelZeroStatus(ze.zeCommandListAppendMemoryCopy(
                                   list_, dst, src, bytes, signal, count, wait),
                               "zeCommandListAppendMemoryCopy")
            .withContext(what);
      });
  if (!event.ok())
    return event.status();
  return (*event)->wait();
}

Status LevelZeroQueue::write(Buffer &dst, const void *src, size_t bytes,
                             size_t offset) {
  return copy(pointerOf(dst, offset), src, bytes, "buffer write");
}

Status LevelZeroQueue::read(const Buffer &src, void *dst, size_t bytes,
                            size_t offset) {
  return copy(dst, pointerOf(src, offset), bytes, "buffer read");
}

StatusOr<std::shared_ptr<Event>>
LevelZeroQueue::submitKernel(const Kernel &kernel, const PackedLaunch &launch,
                             const EventList &waitFor) {
  const LevelZeroDynamicSymbols &ze = device_->ze();
  const auto &zeKernel = static_cast<const LevelZeroKernel &>(kernel);
  ze_kernel_handle_t handle = zeKernel.handle();
  std::vector<KernelArgumentValue> values =
      kernelArgumentValues(launch.args, [](const Buffer &buffer) {
        return static_cast<const LevelZeroBuffer &>(buffer).pointer();
      });
  // Arguments and group size are state of the kernel object until the
  // launch is appended; the kernel's lock keeps other launches out.
  std::lock_guard<std::mutex> kernelLock(zeKernel.launchMutex());
  // Range dimension N-1 on dimension x, the fastest (WorkGroupShape.h).
  LaunchGeometry hw = toHardwareOrder(launch.geometry);
  StatusOr<GroupShape> shape = groupShape(
      hw, suggestedGroupSize(ze, handle, hw), device_->groupLimits());
  if (!shape.ok())
    return shape.status();
  for (const KernelArgumentValue &value : values)
    KILN_RETURN_IF_ERROR(
        levelZeroStatus(ze.zeKernelSetArgumentValue(handle, value.index,
                                                    value.size, value.value()),
                        "zeKernelSetArgumentValue")
            .withContext("argument " + std::to_string(value.index)));
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(ze.zeKernelSetGroupSize(handle, shape->size[0],
                                              shape->size[1], shape->size[2]),
                      "zeKernelSetGroupSize"));
  ze_group_count_t count{shape->count[0], shape->count[1], shape->count[2]};
  StatusOr<std::shared_ptr<LevelZeroEvent>> event =
      submit("kernel '" + kernel.name() + "'", waitFor,
             [&](ze_event_handle_t signal, uint32_t waitCount,
                 ze_event_handle_t *wait) {
               return levelZeroStatus(
                   ze.zeCommandListAppendLaunchKernel(list_, handle, &count,
                                                      signal, waitCount, wait),
                   "zeCommandListAppendLaunchKernel");
             });
  if (!event.ok())
    return event.status();
  return std::shared_ptr<Event>(*event);
}

} // namespace kiln::level_zero
