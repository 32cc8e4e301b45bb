//===- LaunchFormsAPI.cpp - callKernelAsync, packed and argument-block launches
//
// The C forms of the other launch entry points of Launch.h: numba-dpex's
// call_kernel_async (device + host events), launches from a packed host
// blob (launchPacked) and from an argument block in device memory
// (buildArgumentBlock, launchWithDeviceArgumentsAsync). The C++ calls do
// every check of the launch itself; here only C's pointers, ranges and
// kiln_arg_t structs are converted (LaunchCall.h).
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"
#include "kiln/runtime/ArgumentBlock.h"
#include "kiln/runtime/Executable.h"

#include <cstring>

using namespace kiln;
using capi::guarded;

extern "C" {

kiln_status_t kiln_call_kernel_async(kiln_queue_t queue, kiln_kernel_t kernel,
                                     int ndim, const int64_t *global,
                                     const int64_t *local,
                                     const kiln_arg_t *args, size_t nargs,
                                     const kiln_event_t *wait, size_t nwait,
                                     kiln_event_t *out_device,
                                     kiln_event_t *out_host) {
  KILN_CAPI_REQUIRE(out_device);
  KILN_CAPI_REQUIRE(out_host);
  *out_device = nullptr;
  *out_host = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(global);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    IndexSpace space = Range{1};
    std::vector<KernelArg> cxxArgs;
    EventList waitFor;
    if (kiln_status_t s =
            capi::toIndexSpace(__func__, ndim, global, local, space))
      return s;
    if (kiln_status_t s = capi::toKernelArgs(__func__, *kernel->kernel, args,
                                             nargs, cxxArgs))
      return s;
    if (kiln_status_t s = capi::toEventList(__func__, wait, nwait, waitFor))
      return s;
    auto events = callKernelAsync(*queue->queue, kernel->kernel, space,
                                  cxxArgs, waitFor);
    if (!events.ok())
      return capi::fromStatus(events.status());
    // Both handles exist before either is published: an allocation failure
    // leaves both out-pointers NULL.
    auto device = std::make_unique<kiln_event>(kiln_event{events->device});
    auto host = std::make_unique<kiln_event>(kiln_event{events->host});
    *out_device = device.release();
    *out_host = host.release();
    return capi::succeed();
  });
}

kiln_status_t kiln_launch_packed(kiln_queue_t queue, kiln_kernel_t kernel,
                                 int ndim, const int64_t *global,
                                 const int64_t *local, const void *blob,
                                 size_t size, const kiln_event_t *wait,
                                 size_t nwait, kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE(out_event);
  *out_event = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(global);
  KILN_CAPI_REQUIRE(blob);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    IndexSpace space = Range{1};
    EventList waitFor;
    if (kiln_status_t s =
            capi::toIndexSpace(__func__, ndim, global, local, space))
      return s;
    if (kiln_status_t s = capi::toEventList(__func__, wait, nwait, waitFor))
      return s;
    auto event = launchPacked(*queue->queue, kernel->kernel, space, blob,
                              size, waitFor);
    if (!event.ok())
      return capi::fromStatus(event.status());
    *out_event = new kiln_event{std::move(*event)};
    return capi::succeed();
  });
}

kiln_status_t kiln_kernel_argument_block_size(kiln_kernel_t kernel,
                                              size_t *out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  return guarded(__func__, [&] {
    *out = argumentBlockLayout(kernel->kernel->metadata()).size;
    return capi::succeed();
  });
}

kiln_status_t kiln_kernel_build_argument_block(kiln_kernel_t kernel,
                                               const kiln_arg_t *args,
                                               size_t nargs, void *block,
                                               size_t capacity) {
  KILN_CAPI_REQUIRE(kernel);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  KILN_CAPI_REQUIRE(block);
  return guarded(__func__, [&] {
    std::vector<KernelArg> cxxArgs;
    if (kiln_status_t s = capi::toKernelArgs(__func__, *kernel->kernel, args,
                                             nargs, cxxArgs))
      return s;
    auto bytes = buildArgumentBlock(*kernel->kernel, cxxArgs);
    if (!bytes.ok())
      return capi::fromStatus(bytes.status());
    if (bytes->size() > capacity)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(__func__) + ": kernel '" +
                            kernel->kernel->name() + "': the block needs " +
                            std::to_string(bytes->size()) +
                            " bytes, capacity is " + std::to_string(capacity));
    std::memcpy(block, bytes->data(), bytes->size());
    return capi::succeed();
  });
}

kiln_status_t kiln_launch_with_device_arguments_async(
    kiln_queue_t queue, kiln_kernel_t kernel, int ndim, const int64_t *global,
    const int64_t *local, kiln_buffer_t argument_block, uint64_t block_offset,
    const kiln_arg_t *local_accessors, size_t naccessors,
    const kiln_event_t *wait, size_t nwait, kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE(out_event);
  *out_event = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(global);
  KILN_CAPI_REQUIRE(argument_block);
  if (naccessors != 0)
    KILN_CAPI_REQUIRE(local_accessors);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    IndexSpace space = Range{1};
    std::vector<KernelArg> accessors;
    EventList waitFor;
    if (kiln_status_t s =
            capi::toIndexSpace(__func__, ndim, global, local, space))
      return s;
    if (kiln_status_t s = capi::toKernelArgs(__func__, *kernel->kernel,
                                             local_accessors, naccessors,
                                             accessors))
      return s;
    if (kiln_status_t s = capi::toEventList(__func__, wait, nwait, waitFor))
      return s;
    auto event = launchWithDeviceArgumentsAsync(
        *queue->queue, kernel->kernel, space, argument_block->buffer,
        block_offset, accessors, waitFor);
    if (!event.ok())
      return capi::fromStatus(event.status());
    *out_event = new kiln_event{std::move(*event)};
    return capi::succeed();
  });
}

} // extern "C"
