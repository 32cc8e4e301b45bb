//===- QueueOptionsAPI.cpp - Out-of-order and profiling queues ------------===//
//
// kiln_queue_options_t becomes kiln::QueueOptions; the device refuses what
// it lacks with the C++ API's "... unsupported on '<device>'" message.
//
//===----------------------------------------------------------------------===//
#include "kiln/capi/Handles.h"

#include <cstring>

using namespace kiln;
using capi::guarded;

extern "C" {

void kiln_queue_options_init(kiln_queue_options_t *options) {
  if (!options)
    return;
  std::memset(options, 0, sizeof(*options));
  options->struct_size = sizeof(*options);
}

kiln_status_t
kiln_queue_create_with_options(kiln_device_t device,
                               const kiln_queue_options_t *options,
                               kiln_queue_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(device);
  QueueOptions cxxOptions;
  if (options) {
    if (options->struct_size < sizeof(kiln_queue_options_t))
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(__func__) + ": options->struct_size is " +
                            std::to_string(options->struct_size) +
                            ", expected at least " +
                            std::to_string(sizeof(kiln_queue_options_t)) +
                            " (initialise it with kiln_queue_options_init)");
    cxxOptions.outOfOrder = options->out_of_order != 0;
    cxxOptions.profiling = options->profiling != 0;
  }
  return guarded(__func__, [&] {
    auto queue = device->device->createQueue(cxxOptions);
    if (!queue.ok())
      return capi::fromStatus(queue.status());
    *out = new kiln_queue{std::move(*queue)};
    return capi::succeed();
  });
}

} // extern "C"
