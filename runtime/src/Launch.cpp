//===- Launch.cpp - Queue::submit, the checked, generic kernel launch ---===//
//
// The one launch path of every back end: check the descriptor, turn its
// argument source into a checked argument list, pack, resolve the wait list
// (a failed dependency fails the launch without submitting it), add the
// DebugRecord of a debug-mode kernel, then hand the packed launch to the
// queue's driver. The convenience calls of Launch.h are in LaunchForms.cpp.
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
#include "kiln/runtime/WorkGroupShape.h"

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

/// "7 // 0" from a DebugEvent::DivisionByZero record.
std::string divisionString(const DebugRecord &record) {
  auto operand = [&](int64_t v) {
    return record.flags & kDebugFlagUnsigned
               ? std::to_string(static_cast<uint64_t>(v))
               : std::to_string(v);
  };
  const char *op =
      static_cast<DebugDivision>(record.nameIndex) == DebugDivision::Remainder
          ? " % "
          : " // ";
  return operand(record.index[0]) + op + operand(record.index[1]);
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
  for (const KernelParam &param : kernel.metadata().params)
    native += nativeArgumentCount(param);
  launch.args.reserve(native + 1);
  launch.resources.clear();
  launch.resources.reserve(args.size() + 2);
  packArguments(kernel.metadata(), *geometry, args, launch);
  // The kernel reads the user's range from its arguments (packed above);
  // a coarsened kernel needs fewer work-items launched to cover it.
  if (kernel.metadata().coarsening != std::array<uint32_t, 3>{1, 1, 1})
    launch.geometry = coarsenGeometry(*geometry, kernel.metadata().coarsening);
  // A kernel that merges work-groups loops over the user's: launch few.
  if (kernel.metadata().mergesWorkGroups)
    launch.geometry =
        mergeGeometry(*geometry, kernel.device().info().computeUnits,
                      kernel.device().info().maxWorkItemsPerComputeUnit);
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

KernelArg KernelArg::stridedArray(std::shared_ptr<Buffer> buffer,
                                  std::vector<int64_t> shape,
                                  std::vector<int64_t> strides, int64_t offset,
                                  DType dtype) {
  KernelArg arg = array(std::move(buffer), std::move(shape), dtype);
  arg.strides_ = std::move(strides);
  arg.elementOffset_ = offset;
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

namespace {

/// The plain launch (no attributes, no host event): packs into this
/// thread's scratch launch, sparing an allocation per launch.
StatusOr<LaunchEvents> submitPlain(Queue &queue,
                                   const std::shared_ptr<Kernel> &kernel,
                                   const IndexSpace &space,
                                   const std::vector<KernelArg> &args,
                                   const EventList &waitFor) {
  ScratchLaunch scratch;
  PackedLaunch &packed = scratch.get();
  KILN_RETURN_IF_ERROR(packInto(*kernel, space, args, packed));
  StatusOr<std::shared_ptr<Event>> event =
      submitLaunch(queue, kernel, packed, waitFor);
  if (!event.ok())
    return event.status();
  (*event)->keepAlive(std::move(packed.resources));
  LaunchEvents events;
  events.device = std::move(*event);
  return events;
}

/// A launch without an event (LaunchDesc::noEvent): packed into this
/// thread's scratch launch and enqueued with no event object, so that a
/// warm launch allocates nothing. A debug kernel (its record is read back
/// at completion), a profiling queue (it records each kernel's event) and
/// a wait list (a dependency's pending checks pass on through the event)
/// take the plain launch, whose event is dropped.
StatusOr<LaunchEvents> submitWithoutEvent(Queue &queue,
                                          const std::shared_ptr<Kernel> &kernel,
                                          const IndexSpace &space,
                                          const std::vector<KernelArg> &args,
                                          const EventList &waitFor) {
  if (queue.options().outOfOrder)
    return invalidArgument(launchContext(*kernel) +
                           ": LaunchDesc::noEvent needs an in-order queue");
  if (kernel->metadata().debug || queue.options().profiling ||
      !waitFor.empty()) {
    StatusOr<LaunchEvents> events =
        submitPlain(queue, kernel, space, args, waitFor);
    if (!events.ok())
      return events.status();
    return LaunchEvents();
  }
  ScratchLaunch scratch;
  PackedLaunch &packed = scratch.get();
  KILN_RETURN_IF_ERROR(packInto(*kernel, space, args, packed));
  Status status = queue.submitKernelWithoutEvent(*kernel, packed, waitFor);
  if (!status.ok())
    return status.withContext(launchContext(*kernel));
  return LaunchEvents();
}

/// A launch with attributes or a host event: the options are checked
/// against the device after the arguments, then submitted with them.
StatusOr<LaunchEvents>
submitFull(Queue &queue, const std::shared_ptr<Kernel> &kernel,
           const IndexSpace &space, const std::vector<KernelArg> &args,
           const EventList &waitFor, const LaunchOptions &options,
           bool hostEvent) {
  StatusOr<PackedLaunch> packed = packLaunch(*kernel, space, args);
  if (!packed.ok())
    return packed.status();
  // Clusters must tile the grid the user gave; a kernel that merges
  // work-groups is right over that grid too.
  if (options.clusterDim && kernel->metadata().mergesWorkGroups)
    packed->geometry = *checkIndexSpace(*kernel, space);
  bool attributes = !options.attributes().empty();
  if (attributes)
    KILN_RETURN_IF_ERROR(checkLaunchOptions(*kernel, options));
  if (options.accessPolicyWindow)
    packed->resources.push_back(options.accessPolicyWindow->buffer);
  RecordedLaunchEvents recorded;
  StatusOr<std::shared_ptr<Event>> event =
      attributes
          ? submitLaunch(queue, kernel, *packed, waitFor, &options, &recorded)
          : submitLaunch(queue, kernel, *packed, waitFor);
  if (!event.ok())
    return event.status();
  LaunchEvents events;
  events.device = *event;
  events.programmatic = std::move(recorded.programmatic);
  events.launchCompletion = std::move(recorded.launchCompletion);
  if (hostEvent) {
    auto host = std::make_shared<HostEvent>(*event);
    // The host task, not the device event, owns the resources: they go
    // exactly when the host event completes.
    enqueueHostTask(*event, host, std::move(packed->resources));
    events.host = host;
  } else {
    (*event)->keepAlive(std::move(packed->resources));
  }
  return events;
}

/// Launches `kernel` with the checked-to-be list `args` as `desc` asks.
StatusOr<LaunchEvents> submitArguments(Queue &queue,
                                       const std::shared_ptr<Kernel> &kernel,
                                       const LaunchDesc &desc,
                                       const std::vector<KernelArg> &args,
                                       const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(checkQueue(queue, kernel));
  if (desc.noEvent) {
    if (desc.hostEvent || !desc.options.attributes().empty())
      return invalidArgument(launchContext(*kernel) +
                             ": LaunchDesc::noEvent with a host event or "
                             "launch attributes");
    return submitWithoutEvent(queue, kernel, desc.space, args, waitFor);
  }
  if (!desc.hostEvent && desc.options.attributes().empty())
    return submitPlain(queue, kernel, desc.space, args, waitFor);
  return submitFull(queue, kernel, desc.space, args, waitFor, desc.options,
                    desc.hostEvent);
}

/// InvalidArgument "launch of kernel 'k': LaunchDesc::<field> <why>".
Status fieldError(const Kernel &kernel, const char *field,
                  const std::string &why) {
  return invalidArgument(launchContext(kernel) + ": LaunchDesc::" + field +
                         " " + why);
}

/// A field that `desc.source` does not read must be unset: a mixed-up
/// descriptor is refused rather than half ignored.
Status checkDescriptor(const LaunchDesc &desc) {
  if (!desc.kernel)
    return invalidArgument("launch of a null kernel");
  const Kernel &kernel = *desc.kernel;
  switch (desc.source) {
  case LaunchArgs::List:
    if (desc.packed)
      return fieldError(kernel, "packed", "is set but source is List");
    if (desc.argumentBlock)
      return fieldError(kernel, "argumentBlock", "is set but source is List");
    return Status();
  case LaunchArgs::Packed:
    if (!desc.packed)
      return fieldError(kernel, "packed", "is null (source is Packed)");
    if (!desc.args.empty())
      return fieldError(kernel, "args", "is set but source is Packed");
    if (desc.argumentBlock)
      return fieldError(kernel, "argumentBlock", "is set but source is Packed");
    return Status();
  case LaunchArgs::DeviceBlock:
    if (desc.packed)
      return fieldError(kernel, "packed", "is set but source is DeviceBlock");
    return Status();
  }
  return fieldError(kernel, "source",
                    "is " + std::to_string(static_cast<unsigned>(desc.source)) +
                        ", not a LaunchArgs value");
}

} // namespace

StatusOr<LaunchEvents> Queue::submit(const LaunchDesc &desc,
                                     const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(checkDescriptor(desc));
  switch (desc.source) {
  case LaunchArgs::List:
    return submitArguments(*this, desc.kernel, desc, desc.args, waitFor);
  case LaunchArgs::Packed: {
    StatusOr<std::vector<KernelArg>> args =
        unpackArguments(*desc.kernel, desc.space, desc.packed, desc.packedSize);
    if (!args.ok())
      return args.status();
    return submitArguments(*this, desc.kernel, desc, *args, waitFor);
  }
  case LaunchArgs::DeviceBlock: {
    std::shared_ptr<Kernel> entry;
    std::vector<KernelArg> args;
    KILN_RETURN_IF_ERROR(prepareArgumentBlockLaunch(
        desc.kernel, desc.argumentBlock, desc.argumentBlockOffset, desc.args,
        entry, args));
    return submitArguments(*this, entry, desc, args, waitFor);
  }
  }
  return internalError("unreachable: LaunchArgs checked by checkDescriptor");
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
  case DebugEvent::DivisionByZero:
    return internalError(where + "integer division by zero at " +
                         lineString(record) + ": " + divisionString(record) +
                         " (the result is 0)");
  }
  return internalError(where + "unknown debug event " +
                       std::to_string(record.status) + " at " +
                       lineString(record));
}

} // namespace kiln
