//===- Launch.cpp - Checked, generic kernel launch ----------------------===//
//
// The one launch path of every back end: check, pack, resolve the wait list
// (a failed dependency fails the launch without submitting it), then hand
// the packed launch to the queue's driver.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Launch.h"

#include "ArgumentPacking.h"
#include "LaunchValidation.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Queue.h"

#include <algorithm>

namespace kiln {
namespace {

/// Splits `waitFor` into events the queue can wait on natively; events of
/// other devices are waited for on the host. The first failed dependency
/// becomes the returned error.
StatusOr<EventList> resolveWaitList(const Queue &queue, const EventList &waitFor) {
  EventList native;
  for (size_t i = 0; i < waitFor.size(); ++i) {
    const std::shared_ptr<Event> &event = waitFor[i];
    if (!event)
      return invalidArgument("wait list entry " + std::to_string(i) +
                             " is null");
    if (event->state() == EventState::Failed)
      return event->error();
    if (event->device() == &queue.device()) {
      native.push_back(event);
      continue;
    }
    KILN_RETURN_IF_ERROR(event->wait());
  }
  return native;
}

} // namespace

KernelArg KernelArg::scalarBytes(DType dtype, const void *bytes, size_t size) {
  KernelArg arg;
  arg.dtype_ = dtype;
  arg.valueSize_ = size;
  std::memcpy(arg.value_.data(), bytes, std::min(size, arg.value_.size()));
  return arg;
}

KernelArg KernelArg::array(std::shared_ptr<Buffer> buffer,
                           std::vector<int64_t> shape, DType dtype) {
  KernelArg arg;
  arg.dtype_ = dtype;
  arg.isArray_ = true;
  arg.buffer_ = std::move(buffer);
  arg.shape_ = std::move(shape);
  return arg;
}

StatusOr<PackedLaunch> packLaunch(const Kernel &kernel, const IndexSpace &space,
                                  const std::vector<KernelArg> &args) {
  StatusOr<LaunchGeometry> geometry = checkIndexSpace(kernel, space);
  if (!geometry.ok())
    return geometry.status();
  KILN_RETURN_IF_ERROR(checkArguments(kernel, args));
  PackedLaunch launch;
  launch.geometry = *geometry;
  launch.args = packArguments(*geometry, args);
  for (const KernelArg &arg : args)
    if (arg.isArray())
      launch.resources.push_back(arg.buffer());
  return launch;
}

StatusOr<std::shared_ptr<Event>>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor) {
  if (!kernel)
    return invalidArgument("launch of a null kernel");
  if (&kernel->device() != &queue.device())
    return invalidArgument("kernel '" + kernel->name() + "' was loaded on '" +
                           kernel->device().info().selector +
                           "' but the queue is on '" +
                           queue.device().info().selector + "'");
  StatusOr<PackedLaunch> packed = packLaunch(*kernel, space, args);
  if (!packed.ok())
    return packed.status();
  StatusOr<EventList> native = resolveWaitList(queue, waitFor);
  if (!native.ok())
    return Event::failed(native.status().withContext(
        "launch of kernel '" + kernel->name() + "' skipped: a dependency failed"));
  StatusOr<std::shared_ptr<Event>> event =
      queue.submitKernel(*kernel, *packed, *native);
  if (!event.ok())
    return event.status().withContext("launch of kernel '" + kernel->name() +
                                      "'");
  packed->resources.push_back(kernel);
  (*event)->keepAlive(std::move(packed->resources));
  return event;
}

Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor) {
  StatusOr<std::shared_ptr<Event>> event =
      launchAsync(queue, kernel, space, args, waitFor);
  if (!event.ok())
    return event.status();
  return (*event)->wait();
}

} // namespace kiln
