//===- SubmitAPI.cpp - kiln_queue_submit, the one C launch call ---------===//
//
// A kiln_launch_desc_t becomes a kiln::LaunchDesc for Queue::submit. Only
// what C adds is checked here: the struct sizes that let the descriptor
// and the events grow, flag bits and enum values this version does not
// know, NULL pointers, and fields the chosen argument source does not read
// (each error names the field). Every other check is Queue::submit's.
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <optional>

using namespace kiln;
using capi::guarded;

namespace {

/// The struct sizes of the first versions: a caller's struct must hold at
/// least these fields. kiln_launch_desc_t is in its first version; a later
/// one appends fields and keeps this constant.
constexpr size_t kFirstDescSize = sizeof(kiln_launch_desc_t);
/// kiln_launch_events_t's first version ended before `host`.
constexpr size_t kFirstEventsSize = offsetof(kiln_launch_events_t, host);
constexpr uint32_t kKnownFlags =
    KILN_LAUNCH_WAIT | KILN_LAUNCH_HOST_EVENT | KILN_LAUNCH_NO_EVENT;

/// The int a C caller stored in the enum field (see LaunchOptionsAPI.cpp:
/// loading an out-of-range value as the enum type is undefined).
int rawArgsSource(const kiln_launch_desc_t &desc) {
  int value;
  std::memcpy(&value, &desc.args_source, sizeof(value));
  return value;
}

/// Whether the caller's descriptor has bytes past the fields this version
/// knows that are not zero: fields of a newer header, which it cannot
/// honour.
bool hasUnknownFields(const kiln_launch_desc_t &desc) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(&desc);
  for (size_t i = sizeof(kiln_launch_desc_t); i < desc.struct_size; ++i)
    if (bytes[i] != 0)
      return true;
  return false;
}

/// Why the caller's descriptor is too small to read; empty when it is not.
/// Checked before any other field is read.
std::string sizeError(const kiln_launch_desc_t &desc) {
  if (desc.struct_size >= kFirstDescSize)
    return {};
  return "desc->struct_size is " + std::to_string(desc.struct_size) +
         ", expected at least " + std::to_string(kFirstDescSize) +
         " (initialise it with kiln_launch_desc_init)";
}

/// Why `desc` cannot be submitted as it stands; empty when it can.
std::string descError(const kiln_launch_desc_t &desc) {
  if (hasUnknownFields(desc))
    return "desc->struct_size is " + std::to_string(desc.struct_size) +
           " and sets fields after the " +
           std::to_string(sizeof(kiln_launch_desc_t)) +
           " bytes this library knows";
  if (desc.flags & ~kKnownFlags) {
    char bits[16];
    std::snprintf(bits, sizeof(bits), "0x%x", desc.flags & ~kKnownFlags);
    return std::string("desc->flags has unknown bits ") + bits;
  }
  if (!desc.kernel)
    return "desc->kernel is NULL";
  if (!desc.global)
    return "desc->global is NULL";
  int source = rawArgsSource(desc);
  if (source < KILN_LAUNCH_ARGS_LIST || source > KILN_LAUNCH_ARGS_DEVICE_BLOCK)
    return "desc->args_source " + std::to_string(source) +
           " is not a kiln_launch_args_t";
  if (desc.nargs != 0 && !desc.args)
    return "desc->args is NULL but desc->nargs is " +
           std::to_string(desc.nargs);
  if (source == KILN_LAUNCH_ARGS_PACKED && !desc.packed)
    return "desc->packed is NULL (args_source KILN_LAUNCH_ARGS_PACKED)";
  if (source != KILN_LAUNCH_ARGS_PACKED && desc.packed)
    return "desc->packed is set but args_source is not "
           "KILN_LAUNCH_ARGS_PACKED";
  if (source == KILN_LAUNCH_ARGS_PACKED && desc.nargs != 0)
    return "desc->args is set but args_source is KILN_LAUNCH_ARGS_PACKED";
  if (source == KILN_LAUNCH_ARGS_DEVICE_BLOCK && !desc.argument_block)
    return "desc->argument_block is NULL (args_source "
           "KILN_LAUNCH_ARGS_DEVICE_BLOCK)";
  if (source != KILN_LAUNCH_ARGS_DEVICE_BLOCK && desc.argument_block)
    return "desc->argument_block is set but args_source is not "
           "KILN_LAUNCH_ARGS_DEVICE_BLOCK";
  return {};
}

/// Why `events` cannot receive what `desc` asks for; empty when it can.
std::string eventsError(const kiln_launch_desc_t &desc,
                        const kiln_launch_events_t *events) {
  if ((desc.flags & KILN_LAUNCH_NO_EVENT) &&
      (desc.flags & (KILN_LAUNCH_WAIT | KILN_LAUNCH_HOST_EVENT)))
    return "desc->flags: KILN_LAUNCH_NO_EVENT with KILN_LAUNCH_WAIT or "
           "KILN_LAUNCH_HOST_EVENT";
  if (!events)
    return (desc.flags & (KILN_LAUNCH_WAIT | KILN_LAUNCH_NO_EVENT))
               ? std::string()
               : "out_events is NULL (allowed only with KILN_LAUNCH_WAIT or "
                 "KILN_LAUNCH_NO_EVENT)";
  if (events->struct_size < kFirstEventsSize)
    return "out_events->struct_size is " + std::to_string(events->struct_size) +
           ", expected at least " + std::to_string(kFirstEventsSize) +
           " (initialise it with kiln_launch_events_init)";
  if ((desc.flags & KILN_LAUNCH_HOST_EVENT) &&
      events->struct_size <
          offsetof(kiln_launch_events_t, host) + sizeof(kiln_event_t))
    return "out_events->struct_size is " + std::to_string(events->struct_size) +
           ": no room for host, which KILN_LAUNCH_HOST_EVENT asks for";
  return {};
}

/// Clears the events the caller's struct holds.
void clearEvents(kiln_launch_events_t *events) {
  events->device = nullptr;
  events->programmatic = nullptr;
  events->launch_completion = nullptr;
  if (events->struct_size >=
      offsetof(kiln_launch_events_t, host) + sizeof(kiln_event_t))
    events->host = nullptr;
}

} // namespace

kiln_event_t capi::wrapEvent(std::shared_ptr<Event> event) {
  return event ? new kiln_event{std::move(event)} : nullptr;
}

void capi::publishEvents(LaunchEvents &events, kiln_launch_events_t *out) {
  std::shared_ptr<Event> all[4] = {events.device, events.programmatic,
                                   events.launchCompletion, events.host};
  kiln_event_t handles[4] = {};
  try {
    for (int i = 0; i < 4; ++i)
      handles[i] = wrapEvent(std::move(all[i]));
  } catch (...) {
    for (kiln_event_t handle : handles)
      delete handle;
    throw;
  }
  out->device = handles[0];
  out->programmatic = handles[1];
  out->launch_completion = handles[2];
  if (handles[3])
    out->host = handles[3];
}

kiln_launch_desc_t capi::listDesc(kiln_kernel_t kernel, int ndim,
                                  const int64_t *global, const int64_t *local,
                                  const kiln_arg_t *args, size_t nargs) {
  kiln_launch_desc_t desc;
  kiln_launch_desc_init(&desc);
  desc.kernel = kernel;
  desc.ndim = ndim;
  desc.global = global;
  desc.local = local;
  desc.args = args;
  desc.nargs = nargs;
  return desc;
}

namespace {

/// The converted descriptor and wait list of this thread's launch: their
/// vectors keep their capacity from launch to launch, so that a launch
/// allocates no argument list, range or wait list (the Python package
/// submits every launch through here). Released references: everything
/// the launch was given is dropped when it returns (the vectors are
/// cleared, their capacity kept). A nested submission on the thread (none
/// today) gets its own.
class ScratchSubmit {
public:
  ScratchSubmit() : claimed_(!slot().busy) {
    if (claimed_)
      slot().busy = true;
    else
      own_.emplace();
  }
  ~ScratchSubmit() {
    if (!claimed_)
      return;
    Slot &s = slot();
    s.desc.kernel.reset();
    for (KernelArg &arg : s.desc.args) // Kept, with their shapes' capacity.
      arg.clear();
    s.desc.argumentBlock.reset();
    s.desc.packed = nullptr;
    if (optionsSet_)
      s.desc.options = LaunchOptions();
    s.waitFor.clear();
    s.busy = false;
  }
  ScratchSubmit(const ScratchSubmit &) = delete;
  ScratchSubmit &operator=(const ScratchSubmit &) = delete;
  LaunchDesc &desc() { return claimed_ ? slot().desc : own_->desc; }
  EventList &waitFor() { return claimed_ ? slot().waitFor : own_->waitFor; }
  /// The options to fill (a launch with options; the others keep the
  /// defaults, restored after each launch that set them).
  LaunchOptions &options() {
    optionsSet_ = true;
    return desc().options;
  }

private:
  struct Slot {
    LaunchDesc desc;
    EventList waitFor;
    bool busy = false;
  };
  static Slot &slot() {
    thread_local Slot scratch;
    return scratch;
  }
  bool claimed_;
  bool optionsSet_ = false;
  /// Only for a nested submission: a LaunchDesc allocates its default
  /// range.
  std::optional<Slot> own_;
};

} // namespace

kiln_status_t capi::submitLaunch(const char *function, kiln_queue_t queue,
                                 const kiln_launch_desc_t &in,
                                 const kiln_event_t *wait, size_t nwait,
                                 LaunchEvents &events) {
  ScratchSubmit scratch;
  LaunchDesc &desc = scratch.desc();
  if (in.options)
    if (kiln_status_t s =
            toLaunchOptions(function, *in.options, scratch.options()))
      return s;
  if (kiln_status_t s =
          toIndexSpace(function, in.ndim, in.global, in.local, desc.space))
    return s;
  if (kiln_status_t s = toKernelArgs(function, *in.kernel->kernel, in.args,
                                     in.nargs, desc.args))
    return s;
  EventList &waitFor = scratch.waitFor();
  if (kiln_status_t s = toEventList(function, wait, nwait, waitFor))
    return s;
  desc.kernel = in.kernel->kernel;
  desc.source = static_cast<LaunchArgs>(rawArgsSource(in));
  desc.packed = in.packed;
  desc.packedSize = in.packed_size;
  if (in.argument_block)
    desc.argumentBlock = in.argument_block->buffer;
  desc.argumentBlockOffset = in.argument_block_offset;
  desc.hostEvent = (in.flags & KILN_LAUNCH_HOST_EVENT) != 0;
  desc.noEvent = (in.flags & KILN_LAUNCH_NO_EVENT) != 0;
  StatusOr<LaunchEvents> launched = queue->queue->submit(desc, waitFor);
  if (!launched.ok())
    return fromStatus(launched.status());
  events = std::move(*launched);
  if (in.flags & KILN_LAUNCH_WAIT)
    return fromStatus(events.device->wait());
  return succeed();
}

extern "C" {

void kiln_launch_desc_init(kiln_launch_desc_t *desc) {
  if (!desc)
    return;
  std::memset(desc, 0, sizeof(*desc));
  desc->struct_size = sizeof(*desc);
  desc->args_source = KILN_LAUNCH_ARGS_LIST;
}

kiln_status_t kiln_queue_submit(kiln_queue_t queue,
                                const kiln_launch_desc_t *desc,
                                const kiln_event_t *wait, size_t nwait,
                                kiln_launch_events_t *out_events) {
  const char *function = __func__;
  auto fail = [&](const std::string &error) {
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": " + error);
  };
  KILN_CAPI_REQUIRE(desc);
  std::string error = sizeError(*desc);
  if (error.empty())
    error = eventsError(*desc, out_events);
  if (!error.empty())
    return fail(error);
  if (out_events)
    clearEvents(out_events);
  KILN_CAPI_REQUIRE(queue);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  error = descError(*desc);
  if (!error.empty())
    return fail(error);
  return guarded(function, [&] {
    LaunchEvents events;
    kiln_status_t status =
        capi::submitLaunch(function, queue, *desc, wait, nwait, events);
    if (status == KILN_STATUS_OK && out_events)
      capi::publishEvents(events, out_events);
    return status;
  });
}

} // extern "C"
