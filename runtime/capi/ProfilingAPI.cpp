//===- ProfilingAPI.cpp - Event timestamps and kernel statistics ----------===//
//
// Event::profilingTimes and Queue::statistics through the C API. Neither
// waits: a pending event is an error, statistics fold in what has
// completed (Statistics.h).
//
//===----------------------------------------------------------------------===//
#include "StatisticsCall.h"
#include "kiln/capi/Handles.h"

using namespace kiln;
using capi::guarded;

extern "C" {

kiln_status_t kiln_event_profiling_times(kiln_event_t event, uint64_t *start,
                                         uint64_t *end) {
  KILN_CAPI_REQUIRE(event);
  KILN_CAPI_REQUIRE(start);
  KILN_CAPI_REQUIRE(end);
  return guarded(__func__, [&] {
    auto times = event->event->profilingTimes();
    if (!times.ok())
      return capi::fromStatus(times.status());
    *start = times->start;
    *end = times->end;
    return capi::succeed();
  });
}

kiln_status_t kiln_queue_kernel_statistics(kiln_queue_t queue,
                                           const char *kernel_name,
                                           kiln_kernel_statistics_t *out) {
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel_name);
  KILN_CAPI_REQUIRE(out);
  return guarded(__func__, [&] {
    *out = capi::toCStatistics(
        queue->queue->profile().statistics(std::string(kernel_name)));
    return capi::succeed();
  });
}

} // extern "C"
