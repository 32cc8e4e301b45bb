//===- LaunchForms.cpp - The convenience launch calls of Launch.h -------===//
//
// Each call fills a LaunchDesc and hands it to Queue::submit, the one launch
// path; none checks or submits anything itself.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Launch.h"

namespace kiln {
namespace {

LaunchDesc listLaunch(const std::shared_ptr<Kernel> &kernel,
                      const IndexSpace &space,
                      const std::vector<KernelArg> &args) {
  LaunchDesc desc;
  desc.kernel = kernel;
  desc.space = space;
  desc.args = args;
  return desc;
}

LaunchDesc blockLaunch(const std::shared_ptr<Kernel> &kernel,
                       const IndexSpace &space,
                       const std::shared_ptr<Buffer> &argumentBlock,
                       uint64_t blockOffset,
                       const std::vector<KernelArg> &localAccessors) {
  LaunchDesc desc;
  desc.kernel = kernel;
  desc.space = space;
  desc.source = LaunchArgs::DeviceBlock;
  desc.args = localAccessors;
  desc.argumentBlock = argumentBlock;
  desc.argumentBlockOffset = blockOffset;
  return desc;
}

/// The device event of `events`, for the calls that return only it.
StatusOr<std::shared_ptr<Event>> deviceEvent(StatusOr<LaunchEvents> events) {
  if (!events.ok())
    return events.status();
  return std::move(events->device);
}

/// Waits for the kernel of `events`, for the blocking calls.
Status waitForDevice(StatusOr<LaunchEvents> events) {
  if (!events.ok())
    return events.status();
  return events->device->wait();
}

} // namespace

StatusOr<std::shared_ptr<Event>>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor) {
  return deviceEvent(queue.submit(listLaunch(kernel, space, args), waitFor));
}

Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor) {
  return waitForDevice(queue.submit(listLaunch(kernel, space, args), waitFor));
}

StatusOr<LaunchEvents> callKernelAsync(Queue &queue,
                                       const std::shared_ptr<Kernel> &kernel,
                                       const IndexSpace &space,
                                       const std::vector<KernelArg> &args,
                                       const EventList &waitFor) {
  LaunchDesc desc = listLaunch(kernel, space, args);
  desc.hostEvent = true;
  return queue.submit(desc, waitFor);
}

StatusOr<std::shared_ptr<Event>>
launchPacked(Queue &queue, const std::shared_ptr<Kernel> &kernel,
             const IndexSpace &space, const void *blob, size_t size,
             const EventList &waitFor) {
  LaunchDesc desc;
  desc.kernel = kernel;
  desc.space = space;
  desc.source = LaunchArgs::Packed;
  desc.packed = blob;
  desc.packedSize = size;
  return deviceEvent(queue.submit(desc, waitFor));
}

StatusOr<std::shared_ptr<Event>> launchWithDeviceArgumentsAsync(
    Queue &queue, const std::shared_ptr<Kernel> &kernel,
    const IndexSpace &space, const std::shared_ptr<Buffer> &argumentBlock,
    uint64_t blockOffset, const std::vector<KernelArg> &localAccessors,
    const EventList &waitFor) {
  return deviceEvent(queue.submit(
      blockLaunch(kernel, space, argumentBlock, blockOffset, localAccessors),
      waitFor));
}

Status launchWithDeviceArguments(Queue &queue,
                                 const std::shared_ptr<Kernel> &kernel,
                                 const IndexSpace &space,
                                 const std::shared_ptr<Buffer> &argumentBlock,
                                 uint64_t blockOffset,
                                 const std::vector<KernelArg> &localAccessors,
                                 const EventList &waitFor) {
  return waitForDevice(queue.submit(
      blockLaunch(kernel, space, argumentBlock, blockOffset, localAccessors),
      waitFor));
}

StatusOr<LaunchEvents>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor, const LaunchOptions &options) {
  LaunchDesc desc = listLaunch(kernel, space, args);
  desc.options = options;
  return queue.submit(desc, waitFor);
}

StatusOr<LaunchEvents>
callKernelAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
                const IndexSpace &space, const std::vector<KernelArg> &args,
                const EventList &waitFor, const LaunchOptions &options) {
  LaunchDesc desc = listLaunch(kernel, space, args);
  desc.options = options;
  desc.hostEvent = true;
  return queue.submit(desc, waitFor);
}

Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor, const LaunchOptions &options) {
  LaunchDesc desc = listLaunch(kernel, space, args);
  desc.options = options;
  return waitForDevice(queue.submit(desc, waitFor));
}

} // namespace kiln
