//===- LaunchFormsAPI.cpp - call_kernel_async and packed launches (C API)
//
// numba-dpex's call_kernel_async (device + host events) and launches from
// a packed host blob: shorthands for kiln_queue_submit with
// KILN_LAUNCH_HOST_EVENT and KILN_LAUNCH_ARGS_PACKED. Queue::submit does
// every check of the launch itself; here only C's pointers are checked.
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
    kiln_launch_desc_t desc =
        capi::listDesc(kernel, ndim, global, local, args, nargs);
    desc.flags = KILN_LAUNCH_HOST_EVENT;
    LaunchEvents events;
    if (kiln_status_t s =
            capi::submitLaunch(function, queue, desc, wait, nwait, events))
      return s;
    // Both handles exist before either is published: an allocation failure
    // leaves both out-pointers NULL.
    auto device = std::make_unique<kiln_event>(kiln_event{events.device});
    auto host = std::make_unique<kiln_event>(kiln_event{events.host});
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
    kiln_launch_desc_t desc =
        capi::listDesc(kernel, ndim, global, local, nullptr, 0);
    desc.args_source = KILN_LAUNCH_ARGS_PACKED;
    desc.packed = blob;
    desc.packed_size = size;
    LaunchEvents events;
    if (kiln_status_t s =
            capi::submitLaunch(function, queue, desc, wait, nwait, events))
      return s;
    *out_event = capi::wrapEvent(std::move(events.device));
    return capi::succeed();
  });
}

} // extern "C"
