//===- LaunchFormsAPI.cpp - callKernelAsync and packed launches of the C API
//
// numba-dpex's call_kernel_async (device + host events) and launches from
// a packed host blob (launchPacked). The C++ calls do every check of the
// launch itself; here only C's pointers, ranges and wait lists are
// converted (LaunchCall.h).
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"
#include "kiln/runtime/Executable.h"

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
  const char *function = __func__;
  return guarded(function, [&] {
    IndexSpace space = Range{1};
    std::vector<KernelArg> cxxArgs;
    EventList waitFor;
    if (kiln_status_t s =
            capi::toIndexSpace(function, ndim, global, local, space))
      return s;
    if (kiln_status_t s =
            capi::toKernelArgs(function, *kernel->kernel, args, nargs, cxxArgs))
      return s;
    if (kiln_status_t s = capi::toEventList(function, wait, nwait, waitFor))
      return s;
    auto events =
        callKernelAsync(*queue->queue, kernel->kernel, space, cxxArgs, waitFor);
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
  const char *function = __func__;
  return guarded(function, [&] {
    IndexSpace space = Range{1};
    EventList waitFor;
    if (kiln_status_t s =
            capi::toIndexSpace(function, ndim, global, local, space))
      return s;
    if (kiln_status_t s = capi::toEventList(function, wait, nwait, waitFor))
      return s;
    auto event =
        launchPacked(*queue->queue, kernel->kernel, space, blob, size, waitFor);
    if (!event.ok())
      return capi::fromStatus(event.status());
    *out_event = new kiln_event{std::move(*event)};
    return capi::succeed();
  });
}

} // extern "C"
