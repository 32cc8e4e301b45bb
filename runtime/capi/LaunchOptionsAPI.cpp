//===- LaunchOptionsAPI.cpp - Launch attributes in the C API --------------===//
//
// kiln_launch_options_t becomes kiln::LaunchOptions and the launch goes
// through Queue::submit (SubmitAPI.cpp), so devices refuse or honour
// attributes exactly as in C++ ("<attribute> is unsupported on '<device>'",
// then the value checks). Only what C adds is checked here: the struct
// sizes that let the structs grow, attribute bits this version does not
// know, and enum values outside their C enums.
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"

#include <cstdio>
#include <cstring>

using namespace kiln;
using capi::guarded;

static_assert(KILN_LAUNCH_ATTRIBUTE_COUNT == kLaunchAttributeCount,
              "kiln_launch_attribute_t must list every LaunchAttribute");
static_assert(static_cast<int>(LaunchAttribute::Cooperative) ==
                      KILN_LAUNCH_ATTRIBUTE_COOPERATIVE &&
                  static_cast<int>(LaunchAttribute::Priority) ==
                      KILN_LAUNCH_ATTRIBUTE_PRIORITY &&
                  static_cast<int>(LaunchAttribute::LaunchCompletionEvent) ==
                      KILN_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT &&
                  static_cast<int>(LaunchAttribute::SharedMemCarveout) ==
                      KILN_LAUNCH_ATTRIBUTE_SHARED_MEM_CARVEOUT,
              "kiln_launch_attribute_t must follow kiln::LaunchAttribute");

namespace {

bool has(const kiln_launch_options_t &o, kiln_launch_attribute_t attribute) {
  return (o.attributes & KILN_LAUNCH_ATTRIBUTE_BIT(attribute)) != 0;
}

/// "options->field N is not a kiln_x_t" unless 0 <= value <= last.
/// The integer a C caller stored in an enum field. Reading it as the C++
/// enum type is undefined behaviour when it is out of the enumerators'
/// range (UBSan's -fsanitize=enum caught `mem_sync_domain = 2`), so the
/// bytes are read as the int a C enum is.
template <typename Enum> int rawEnum(const Enum &field) {
  static_assert(sizeof(Enum) == sizeof(int), "C enums are ints");
  int value;
  std::memcpy(&value, &field, sizeof(value));
  return value;
}

std::string enumError(const char *field, int value, int last,
                      const char *type) {
  if (value >= 0 && value <= last)
    return {};
  return std::string("options->") + field + " " + std::to_string(value) +
         " is not a " + type;
}

/// Describes why `in` cannot become LaunchOptions; empty when it did.
std::string convertOptions(const kiln_launch_options_t &in,
                           LaunchOptions &out) {
  if (in.struct_size < sizeof(kiln_launch_options_t))
    return "options->struct_size is " + std::to_string(in.struct_size) +
           ", expected at least " +
           std::to_string(sizeof(kiln_launch_options_t)) +
           " (initialise it with kiln_launch_options_init)";
  const uint32_t known = (1u << KILN_LAUNCH_ATTRIBUTE_COUNT) - 1;
  if (in.attributes & ~known) {
    char bits[16];
    std::snprintf(bits, sizeof(bits), "0x%x", in.attributes & ~known);
    return std::string("options->attributes has unknown bits ") + bits;
  }
  std::string error;
  if (has(in, KILN_LAUNCH_ATTRIBUTE_COOPERATIVE))
    out.cooperative = true;
  if (has(in, KILN_LAUNCH_ATTRIBUTE_CLUSTER_DIM))
    out.clusterDim =
        ClusterDim{in.cluster_dim[0], in.cluster_dim[1], in.cluster_dim[2]};
  if (has(in, KILN_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY)) {
    error = enumError("cluster_scheduling_policy",
                      rawEnum(in.cluster_scheduling_policy),
                      KILN_CLUSTER_SCHEDULING_LOAD_BALANCING,
                      "kiln_cluster_scheduling_policy_t");
    if (!error.empty())
      return error;
    out.clusterSchedulingPolicy = static_cast<ClusterSchedulingPolicy>(
        rawEnum(in.cluster_scheduling_policy));
  }
  if (has(in, KILN_LAUNCH_ATTRIBUTE_PRIORITY))
    out.priority = in.priority;
  if (has(in, KILN_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION))
    out.programmaticStreamSerialization = true;
  if (has(in, KILN_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT))
    out.programmaticEvent = ProgrammaticEventOptions{
        in.programmatic_event_trigger_at_block_start != 0};
  if (has(in, KILN_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT))
    out.launchCompletionEvent = true;
  if (has(in, KILN_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN)) {
    error = enumError("mem_sync_domain", rawEnum(in.mem_sync_domain),
                      KILN_MEM_SYNC_DOMAIN_REMOTE, "kiln_mem_sync_domain_t");
    if (!error.empty())
      return error;
    out.memSyncDomain = static_cast<MemSyncDomain>(rawEnum(in.mem_sync_domain));
  }
  if (has(in, KILN_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW)) {
    error =
        enumError("access_policy_window_hit_property",
                  rawEnum(in.access_policy_window_hit_property),
                  KILN_ACCESS_PROPERTY_PERSISTING, "kiln_access_property_t");
    if (error.empty())
      error =
          enumError("access_policy_window_miss_property",
                    rawEnum(in.access_policy_window_miss_property),
                    KILN_ACCESS_PROPERTY_PERSISTING, "kiln_access_property_t");
    if (!error.empty())
      return error;
    // A NULL buffer is left to checkLaunchOptions, which names it (after
    // refusing the attribute on devices without it).
    AccessPolicyWindow window;
    if (in.access_policy_window_buffer)
      window.buffer = in.access_policy_window_buffer->buffer;
    window.offset = in.access_policy_window_offset;
    window.bytes = in.access_policy_window_bytes;
    window.hitRatio = in.access_policy_window_hit_ratio;
    window.hitProperty = static_cast<AccessProperty>(
        rawEnum(in.access_policy_window_hit_property));
    window.missProperty = static_cast<AccessProperty>(
        rawEnum(in.access_policy_window_miss_property));
    out.accessPolicyWindow = std::move(window);
  }
  if (has(in, KILN_LAUNCH_ATTRIBUTE_SHARED_MEM_CARVEOUT))
    out.sharedMemCarveout = in.shared_mem_carveout;
  return {};
}

} // namespace

kiln_status_t capi::toLaunchOptions(const char *function,
                                    const kiln_launch_options_t &in,
                                    LaunchOptions &out) {
  std::string error = convertOptions(in, out);
  if (!error.empty())
    return fail(KILN_STATUS_INVALID_ARGUMENT,
                std::string(function) + ": " + error);
  return KILN_STATUS_OK;
}

extern "C" {

const char *kiln_launch_attribute_name(kiln_launch_attribute_t attribute) {
  int value = static_cast<int>(attribute);
  if (value < 0 || value >= KILN_LAUNCH_ATTRIBUTE_COUNT)
    return nullptr;
  return launchAttributeName(static_cast<LaunchAttribute>(value));
}

void kiln_launch_options_init(kiln_launch_options_t *options) {
  if (!options)
    return;
  std::memset(options, 0, sizeof(*options));
  options->struct_size = sizeof(*options);
  // The C++ defaults of the fields (LaunchOptions.h).
  options->cluster_dim[0] = options->cluster_dim[1] = options->cluster_dim[2] =
      1;
  options->cluster_scheduling_policy = KILN_CLUSTER_SCHEDULING_DEFAULT;
  options->mem_sync_domain = KILN_MEM_SYNC_DOMAIN_DEFAULT;
  options->access_policy_window_hit_ratio = 1.0f;
  options->access_policy_window_hit_property = KILN_ACCESS_PROPERTY_PERSISTING;
  options->access_policy_window_miss_property = KILN_ACCESS_PROPERTY_STREAMING;
}

void kiln_launch_events_init(kiln_launch_events_t *events) {
  if (!events)
    return;
  std::memset(events, 0, sizeof(*events));
  events->struct_size = sizeof(*events);
}

kiln_status_t kiln_device_supports_launch_attribute(
    kiln_device_t device, kiln_launch_attribute_t attribute, int *out) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(out);
  int value = static_cast<int>(attribute);
  if (value < 0 || value >= KILN_LAUNCH_ATTRIBUTE_COUNT)
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(__func__) + ": attribute " +
                          std::to_string(value) +
                          " is not a kiln_launch_attribute_t");
  *out = device->device->supportsLaunchAttribute(
      static_cast<LaunchAttribute>(value));
  return capi::succeed();
}

kiln_status_t kiln_device_launch_priority_range(kiln_device_t device,
                                                int *highest, int *lowest) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(highest);
  KILN_CAPI_REQUIRE(lowest);
  *highest = device->device->info().highestLaunchPriority;
  *lowest = device->device->info().lowestLaunchPriority;
  return capi::succeed();
}

kiln_status_t kiln_device_max_access_policy_window(kiln_device_t device,
                                                   size_t *out) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(out);
  *out = device->device->info().maxAccessPolicyWindowBytes;
  return capi::succeed();
}

kiln_status_t kiln_launch_with_options(kiln_queue_t queue, kiln_kernel_t kernel,
                                       int ndim, const int64_t *global,
                                       const int64_t *local,
                                       const kiln_arg_t *args, size_t nargs,
                                       const kiln_event_t *wait, size_t nwait,
                                       const kiln_launch_options_t *options) {
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(global);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    kiln_launch_desc_t desc =
        capi::listDesc(kernel, ndim, global, local, args, nargs);
    desc.options = options;
    desc.flags = KILN_LAUNCH_WAIT;
    LaunchEvents events;
    return capi::submitLaunch("kiln_launch_with_options", queue, desc, wait,
                              nwait, events);
  });
}

kiln_status_t kiln_launch_async_with_options(
    kiln_queue_t queue, kiln_kernel_t kernel, int ndim, const int64_t *global,
    const int64_t *local, const kiln_arg_t *args, size_t nargs,
    const kiln_event_t *wait, size_t nwait,
    const kiln_launch_options_t *options, kiln_launch_events_t *out_events) {
  KILN_CAPI_REQUIRE(out_events);
  if (out_events->struct_size < sizeof(kiln_launch_events_t))
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(__func__) + ": out_events->struct_size is " +
                          std::to_string(out_events->struct_size) +
                          ", expected at least " +
                          std::to_string(sizeof(kiln_launch_events_t)) +
                          " (initialise it with kiln_launch_events_init)");
  out_events->device = nullptr;
  out_events->programmatic = nullptr;
  out_events->launch_completion = nullptr;
  out_events->host = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(global);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    kiln_launch_desc_t desc =
        capi::listDesc(kernel, ndim, global, local, args, nargs);
    desc.options = options;
    LaunchEvents events;
    kiln_status_t status = capi::submitLaunch("kiln_launch_async_with_options",
                                              queue, desc, wait, nwait, events);
    if (status == KILN_STATUS_OK)
      capi::publishEvents(events, out_events);
    return status;
  });
}

} // extern "C"
