//===- Launch.cpp - Checked, generic kernel launch ----------------------===//
//
// The one launch path of every back end: check, pack, resolve the wait list
// (a failed dependency fails the launch without submitting it), add the
// DebugRecord of a debug-mode kernel, then hand the packed launch to the
// queue's driver.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Launch.h"

#include "ArgumentPacking.h"
#include "HostEvent.h"
#include "LaunchValidation.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Queue.h"

#include <algorithm>

namespace kiln {
namespace {

std::string tupleString(const int64_t *values, uint32_t count) {
  std::string s = "(";
  for (uint32_t i = 0; i < count; ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  return s + ")";
}

std::string lineString(const DebugRecord &record) {
  std::string s = "line " + std::to_string(record.line);
  if (record.column != 0)
    s += ", column " + std::to_string(record.column);
  return s;
}

/// Allocates and zeroes the DebugRecord of one launch, ordered before the
/// kernel through `waitFor`.
StatusOr<std::shared_ptr<Buffer>> createDebugRecord(Queue &queue,
                                                    EventList &waitFor) {
  // Devices are handed out as shared_ptr<Device>; allocation is non-const.
  auto device =
      std::const_pointer_cast<Device>(queue.device().weak_from_this().lock());
  if (!device)
    return internalError("debug record: the queue's device is not shared");
  StatusOr<std::shared_ptr<Buffer>> record =
      device->allocateBuffer(sizeof(DebugRecord));
  if (!record.ok())
    return record.status().withContext("debug record");
  const uint32_t zero = 0;
  StatusOr<std::shared_ptr<Event>> zeroed = queue.fillBuffer(
      **record, &zero, sizeof(zero), 0, sizeof(DebugRecord), waitFor);
  if (zeroed.ok()) {
    waitFor.push_back(*zeroed);
    return record;
  }
  if (zeroed.status().code() != StatusCode::Unimplemented)
    return zeroed.status().withContext("debug record");
  // Back ends without fills: a blocking write (ordered on this queue).
  DebugRecord empty;
  KILN_RETURN_IF_ERROR(queue.writeBuffer(**record, &empty, sizeof(empty))
                           .withContext("debug record"));
  return record;
}

/// Reads the record back once the kernel has completed.
std::function<Status()> debugRecordCheck(std::shared_ptr<Queue> queue,
                                         std::shared_ptr<Buffer> record,
                                         std::shared_ptr<Kernel> kernel) {
  return [queue, record, kernel]() -> Status {
    DebugRecord host;
    KILN_RETURN_IF_ERROR(
        queue->readBuffer(*record, &host, sizeof(host))
            .withContext("reading the debug record of kernel '" +
                         kernel->name() + "'"));
    return checkDebugRecord(kernel->metadata(), host);
  };
}

/// "launch of kernel 'k'", built only for errors (launches are hot).
std::string launchContext(const Kernel &kernel) {
  return "launch of kernel '" + kernel.name() + "'";
}

/// Resolves the wait list, adds a debug kernel's record and submits;
/// `options` null: a plain launch (no attributes).
StatusOr<std::shared_ptr<Event>>
submitLaunch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
             PackedLaunch &packed, const EventList &waitFor,
             const LaunchOptions *options = nullptr,
             RecordedLaunchEvents *recorded = nullptr) {
  StatusOr<EventList> native = EventList();
  if (!waitFor.empty()) { // Most launches wait for nothing: skip the calls.
    if (Status status = checkWaitList(waitFor); !status.ok())
      return status.withContext(launchContext(*kernel));
    native = resolveWaitList(queue.device(), waitFor);
    if (!native.ok())
      return Event::failed(native.status().withContext(
          launchContext(*kernel) + " skipped: a dependency failed"));
  }
  std::shared_ptr<Buffer> record;
  if (kernel->metadata().debug) {
    StatusOr<std::shared_ptr<Buffer>> created =
        createDebugRecord(queue, *native);
    if (!created.ok())
      return created.status().withContext(launchContext(*kernel));
    record = *created;
    appendDebugRecord(*record, packed);
    packed.resources.push_back(record);
  }
  StatusOr<std::shared_ptr<Event>> event =
      options ? queue.submitKernelWithOptions(*kernel, packed, *options,
                                              *native, *recorded)
              : queue.submitKernel(*kernel, packed, *native);
  if (!event.ok())
    return event.status().withContext(launchContext(*kernel));
  for (const std::shared_ptr<Event> &dependency : *native)
    if (dependency->hasPendingChecks())
      (*event)->addUpstream(dependency);
  if (record) {
    std::shared_ptr<Queue> owner = queue.weak_from_this().lock();
    if (!owner)
      return internalError(launchContext(*kernel) +
                           ": a debug kernel needs a queue created by "
                           "Device::createQueue");
    (*event)->addCompletionCheck(debugRecordCheck(owner, record, kernel));
    queue.trackCheckedEvent(*event);
  }
  if (queue.options().profiling)
    queue.profile().record(kernel->name(), *event);
  packed.resources.push_back(kernel);
  return event;
}

/// Checks the arguments and packs them into `launch`, reusing the capacity
/// its vectors already have.
Status packInto(const Kernel &kernel, const IndexSpace &space,
                const std::vector<KernelArg> &args, PackedLaunch &launch) {
  StatusOr<LaunchGeometry> geometry = checkIndexSpace(kernel, space);
  if (!geometry.ok())
    return geometry.status();
  KILN_RETURN_IF_ERROR(checkArguments(kernel, args));
  launch.geometry = *geometry;
  // At most one allocation each: the three range extents (and the launch
  // rank) plus each argument and its extents (and a DebugRecord); the
  // buffers plus the kernel and a record.
  size_t native = kernel.metadata().takesLaunchRank ? 4 : 3;
  for (const KernelArg &arg : args)
    native +=
        1 + (arg.isArray() || arg.isLocalAccessor() ? arg.shape().size() : 0);
  launch.args.reserve(native + 1);
  launch.resources.clear();
  launch.resources.reserve(args.size() + 2);
  packArguments(kernel.metadata(), *geometry, args, launch);
  for (const KernelArg &arg : args)
    if (arg.isArray())
      launch.resources.push_back(arg.buffer());
  return Status();
}

Status checkQueue(Queue &queue, const std::shared_ptr<Kernel> &kernel) {
  if (!kernel)
    return invalidArgument("launch of a null kernel");
  if (&kernel->device() != &queue.device())
    return invalidArgument("kernel '" + kernel->name() + "' was loaded on '" +
                           kernel->device().info().selector +
                           "' but the queue is on '" +
                           queue.device().info().selector + "'");
  return Status();
}

StatusOr<PackedLaunch> checkAndPack(Queue &queue,
                                    const std::shared_ptr<Kernel> &kernel,
                                    const IndexSpace &space,
                                    const std::vector<KernelArg> &args) {
  KILN_RETURN_IF_ERROR(checkQueue(queue, kernel));
  return packLaunch(*kernel, space, args);
}

/// The PackedLaunch of this thread's plain launchAsync: its native argument
/// list is dead once submitted, so keeping its capacity spares launches an
/// allocation. A nested launch on the thread (none today) gets its own.
class ScratchLaunch {
public:
  ScratchLaunch() : claimed_(!slot().busy) {
    if (claimed_)
      slot().busy = true;
  }
  ~ScratchLaunch() {
    if (claimed_) {
      slot().launch.resources.clear();
      slot().busy = false;
    }
  }
  ScratchLaunch(const ScratchLaunch &) = delete;
  ScratchLaunch &operator=(const ScratchLaunch &) = delete;
  PackedLaunch &get() { return claimed_ ? slot().launch : own_; }

private:
  struct Slot {
    PackedLaunch launch;
    bool busy = false;
  };
  static Slot &slot() {
    thread_local Slot scratch;
    return scratch;
  }
  bool claimed_;
  PackedLaunch own_;
};

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
  arg.kind_ = Kind::Array;
  arg.buffer_ = std::move(buffer);
  arg.shape_ = std::move(shape);
  return arg;
}

KernelArg KernelArg::localAccessor(std::vector<int64_t> shape, DType dtype) {
  KernelArg arg;
  arg.dtype_ = dtype;
  arg.kind_ = Kind::LocalAccessor;
  arg.shape_ = std::move(shape);
  return arg;
}

StatusOr<PackedLaunch> packLaunch(const Kernel &kernel, const IndexSpace &space,
                                  const std::vector<KernelArg> &args) {
  PackedLaunch launch;
  KILN_RETURN_IF_ERROR(packInto(kernel, space, args, launch));
  return launch;
}

StatusOr<std::shared_ptr<Event>>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(checkQueue(queue, kernel));
  ScratchLaunch scratch;
  PackedLaunch &packed = scratch.get();
  KILN_RETURN_IF_ERROR(packInto(*kernel, space, args, packed));
  StatusOr<std::shared_ptr<Event>> event =
      submitLaunch(queue, kernel, packed, waitFor);
  if (event.ok())
    (*event)->keepAlive(std::move(packed.resources));
  return event;
}

StatusOr<LaunchEvents> callKernelAsync(Queue &queue,
                                       const std::shared_ptr<Kernel> &kernel,
                                       const IndexSpace &space,
                                       const std::vector<KernelArg> &args,
                                       const EventList &waitFor) {
  StatusOr<PackedLaunch> packed = checkAndPack(queue, kernel, space, args);
  if (!packed.ok())
    return packed.status();
  StatusOr<std::shared_ptr<Event>> event =
      submitLaunch(queue, kernel, *packed, waitFor);
  if (!event.ok())
    return event.status();
  auto host = std::make_shared<HostEvent>(*event);
  // The host task, not the device event, owns the resources: they go
  // exactly when the host event completes.
  enqueueHostTask(*event, host, std::move(packed->resources));
  LaunchEvents events;
  events.device = *event;
  events.host = host;
  return events;
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

namespace {

/// The launches with LaunchOptions: checked like the others, then the
/// options against the device, then submitted with the attributes.
StatusOr<LaunchEvents>
launchWithOptions(Queue &queue, const std::shared_ptr<Kernel> &kernel,
                  const IndexSpace &space, const std::vector<KernelArg> &args,
                  const EventList &waitFor, const LaunchOptions &options,
                  bool hostEvent) {
  StatusOr<PackedLaunch> packed = checkAndPack(queue, kernel, space, args);
  if (!packed.ok())
    return packed.status();
  KILN_RETURN_IF_ERROR(checkLaunchOptions(*kernel, options));
  if (options.accessPolicyWindow)
    packed->resources.push_back(options.accessPolicyWindow->buffer);
  RecordedLaunchEvents recorded;
  StatusOr<std::shared_ptr<Event>> event =
      submitLaunch(queue, kernel, *packed, waitFor, &options, &recorded);
  if (!event.ok())
    return event.status();
  LaunchEvents events;
  events.device = *event;
  events.programmatic = std::move(recorded.programmatic);
  events.launchCompletion = std::move(recorded.launchCompletion);
  if (hostEvent) {
    auto host = std::make_shared<HostEvent>(*event);
    enqueueHostTask(*event, host, std::move(packed->resources));
    events.host = host;
  } else {
    (*event)->keepAlive(std::move(packed->resources));
  }
  return events;
}

} // namespace

StatusOr<LaunchEvents>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor, const LaunchOptions &options) {
  return launchWithOptions(queue, kernel, space, args, waitFor, options,
                           /*hostEvent=*/false);
}

StatusOr<LaunchEvents>
callKernelAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
                const IndexSpace &space, const std::vector<KernelArg> &args,
                const EventList &waitFor, const LaunchOptions &options) {
  return launchWithOptions(queue, kernel, space, args, waitFor, options,
                           /*hostEvent=*/true);
}

Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor, const LaunchOptions &options) {
  StatusOr<LaunchEvents> events =
      launchAsync(queue, kernel, space, args, waitFor, options);
  if (!events.ok())
    return events.status();
  return events->device->wait();
}

Status checkDebugRecord(const KernelMetadata &kernel,
                        const DebugRecord &record) {
  std::string where = "kernel '" + kernel.name + "': ";
  switch (static_cast<DebugEvent>(record.status)) {
  case DebugEvent::None:
    return Status();
  case DebugEvent::OutOfBounds: {
    uint32_t rank = std::min<uint32_t>(record.rank, 3);
    std::string array = record.nameIndex < kernel.debugNames.size()
                            ? kernel.debugNames[record.nameIndex]
                            : "#" + std::to_string(record.nameIndex);
    return internalError(
        where + "out-of-bounds access at " + lineString(record) + ": index " +
        tupleString(record.index, rank) + " outside shape " +
        tupleString(record.shape, rank) + " of array '" + array + "'");
  }
  case DebugEvent::AssertFailed:
    return internalError(where + "assertion failed at " + lineString(record));
  }
  return internalError(where + "unknown debug event " +
                       std::to_string(record.status) + " at " +
                       lineString(record));
}

} // namespace kiln
