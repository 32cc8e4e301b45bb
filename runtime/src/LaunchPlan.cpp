//===- LaunchPlan.cpp - A prepared launch of one kernel on one queue ----===//
//
// The direct launch repeats, per launch, only the checks of Queue::submit
// whose outcome can change (LaunchValidation.cpp): they are written here
// as predicates, no weaker than those checks, and whatever they do not
// accept goes through Queue::submit, which reports it with the parameter's
// name. The parameter block is laid out once (PackedLaunch in the native
// ABI, ArgumentPacking.cpp) and only its values are rewritten.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/LaunchPlan.h"

#include "LaunchValidation.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/WorkGroupShape.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

namespace kiln {
namespace {

/// "launch plan of kernel 'k'", built only for errors.
std::string planContext(const Kernel &kernel) {
  return "launch plan of kernel '" + kernel.name() + "'";
}

void writeInt64(uint8_t *slot, int64_t value) {
  std::memcpy(slot, &value, sizeof(value));
}

/// A scalar's `size` bytes into its slot, in a fixed-size copy per size.
void copyScalar(uint8_t *slot, const void *value, uint64_t size) {
  switch (size) {
  case 1:
    std::memcpy(slot, value, 1);
    return;
  case 2:
    std::memcpy(slot, value, 2);
    return;
  case 4:
    std::memcpy(slot, value, 4);
    return;
  case 8:
    std::memcpy(slot, value, 8);
    return;
  default:
    std::memcpy(slot, value, size);
  }
}

PackedArg int64Slot() {
  PackedArg arg;
  arg.size = sizeof(int64_t);
  return arg;
}

/// The parameter block of `metadata`'s launches: every slot's kind and
/// size.
void layOut(const KernelMetadata &metadata, PackedLaunch &packed) {
  for (int i = 0; i < (metadata.takesLaunchRank ? 4 : 3); ++i)
    packed.args.push_back(int64Slot());
  for (const KernelParam &param : metadata.params) {
    if (param.kind == ParamKind::Scalar) {
      PackedArg value;
      value.size = dtypeSize(param.dtype);
      packed.args.push_back(value);
      continue;
    }
    PackedArg pointer;
    pointer.kind = PackedArg::Kind::BufferPointer;
    packed.args.push_back(pointer);
    for (unsigned r = 0; r < param.rank; ++r)
      packed.args.push_back(int64Slot());
  }
}

/// Whether a launch of `kernel` on `queue` can skip Queue::submit's extra
/// work: a debug kernel's record, a profiling queue's events, local
/// accessors' memory, strided array parameters and a kernel whose static local
/// memory the device lacks (an error Queue::submit words) all take it.
bool launchesDirectly(const Queue &queue, const Kernel &kernel) {
  const KernelMetadata &metadata = kernel.metadata();
  uint64_t localLimit = kernel.device().info().localMemSize;
  if (metadata.debug || queue.options().profiling ||
      (localLimit != 0 && metadata.staticLocalMemBytes > localLimit))
    return false;
  // Strided arrays (offset and strides, PlanArg has neither) take it too.
  return std::none_of(metadata.params.begin(), metadata.params.end(),
                      [](const KernelParam &p) {
                        return p.kind == ParamKind::LocalAccessor || p.strided;
                      });
}

/// Queue::submit's limit on extents and work-items (checkWorkItemCount).
uint64_t maxWorkItems(const DeviceInfo &info) {
  uint64_t kiln = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  return info.maxGlobalWorkItems == 0 ? kiln
                                      : std::min(info.maxGlobalWorkItems, kiln);
}

/// The KernelArg of `arg` for Queue::submit; an error when it has none.
StatusOr<KernelArg> toKernelArg(const Kernel &kernel, size_t index,
                                const PlanArg &arg) {
  auto missing = [&](const char *what) {
    return invalidArgument("launch of kernel '" + kernel.name() +
                           "': argument " + std::to_string(index) + ": " +
                           what + " is null");
  };
  std::vector<int64_t> shape;
  if (arg.kind != PlanArg::Kind::Scalar) {
    if (arg.rank != 0 && !arg.shape)
      return missing("shape");
    shape.assign(arg.shape, arg.shape + arg.rank);
  }
  switch (arg.kind) {
  case PlanArg::Kind::Scalar:
    if (!arg.value)
      return missing("scalar value");
    return KernelArg::scalarBytes(arg.dtype, arg.value, dtypeSize(arg.dtype));
  case PlanArg::Kind::Array: {
    // checkArguments names the parameter of an array without a buffer.
    std::shared_ptr<Buffer> buffer;
    if (arg.buffer)
      buffer = std::const_pointer_cast<Buffer>(arg.buffer->shared_from_this());
    return KernelArg::array(std::move(buffer), std::move(shape), arg.dtype);
  }
  case PlanArg::Kind::LocalAccessor:
    return KernelArg::localAccessor(std::move(shape), arg.dtype);
  }
  return internalError("unreachable: PlanArg::Kind has three values");
}

/// What LaunchPlan::create checks once, in Queue::submit's words where it
/// has them: the kernel is on the queue's device, the queue is in order,
/// the rank suits the kernel, an NdItem kernel has an NdRange plan.
Status checkPlan(const Queue &queue, const Kernel &kernel,
                 const LaunchPlanShape &shape) {
  if (&kernel.device() != &queue.device())
    return invalidArgument("kernel '" + kernel.name() + "' was loaded on '" +
                           kernel.device().info().selector +
                           "' but the queue is on '" +
                           queue.device().info().selector + "'");
  if (queue.options().outOfOrder)
    return invalidArgument(planContext(kernel) +
                           ": a plan launches without events, which needs an "
                           "in-order queue");
  if (shape.dims < 1 || shape.dims > 3)
    return invalidArgument(planContext(kernel) +
                           ": a range has 1 to 3 dimensions, got " +
                           std::to_string(shape.dims));
  const KernelMetadata &metadata = kernel.metadata();
  KILN_RETURN_IF_ERROR(checkLaunchRank(metadata, shape.dims));
  if (metadata.indexKind == IndexKind::NdItem && !shape.ndRange)
    return invalidArgument("kernel '" + metadata.name +
                           "' takes an NdItem and must be launched with an "
                           "NdRange, not a Range");
  return Status();
}

} // namespace

LaunchPlan::LaunchPlan(std::shared_ptr<Queue> queue,
                       std::shared_ptr<Kernel> kernel,
                       const LaunchPlanShape &shape)
    : queue_(std::move(queue)), kernel_(std::move(kernel)), shape_(shape) {}

LaunchPlan::~LaunchPlan() = default;

StatusOr<std::unique_ptr<LaunchPlan>>
LaunchPlan::create(std::shared_ptr<Queue> queue, std::shared_ptr<Kernel> kernel,
                   const LaunchPlanShape &shape) {
  if (!kernel)
    return invalidArgument("launch plan of a null kernel");
  if (!queue)
    return invalidArgument(planContext(*kernel) + ": the queue is null");
  KILN_RETURN_IF_ERROR(checkPlan(*queue, *kernel, shape));
  std::unique_ptr<LaunchPlan> plan(new LaunchPlan(queue, kernel, shape));
  plan->maxWorkItems_ = maxWorkItems(kernel->device().info());
  plan->direct_ = launchesDirectly(*queue, *kernel);
  if (plan->direct_)
    KILN_RETURN_IF_ERROR(plan->prepareDirect());
  return plan;
}

Status LaunchPlan::prepareDirect() {
  const KernelMetadata &metadata = kernel_->metadata();
  layOut(metadata, packed_);
  firstParam_ = metadata.takesLaunchRank ? 4 : 3;
  for (const KernelParam &param : metadata.params)
    params_.push_back(
        {param.kind, param.dtype, param.rank, dtypeSize(param.dtype)});
  StatusOr<std::unique_ptr<KernelLaunchPlan>> driver =
      queue_->planKernelLaunch(*kernel_, packed_);
  if (!driver.ok())
    return driver.status().withContext(planContext(*kernel_));
  driver_ = std::move(*driver);
  for (size_t i = 0; i < packed_.args.size(); ++i)
    values_.push_back(driver_->valueSlot(packed_, i));
  if (metadata.takesLaunchRank) // The same in every launch.
    writeInt64(values_[3], shape_.dims);
  return Status();
}

bool LaunchPlan::checkRange(const int64_t *global, const int64_t *local,
                            LaunchGeometry &geometry) const {
  const KernelMetadata &metadata = kernel_->metadata();
  const DeviceInfo &info = kernel_->device().info();
  const unsigned dims = shape_.dims;
  uint64_t total = 1;
  for (unsigned d = 0; d < dims; ++d) {
    if (global[d] <= 0 || static_cast<uint64_t>(global[d]) > maxWorkItems_ ||
        __builtin_mul_overflow(total, static_cast<uint64_t>(global[d]),
                               &total) ||
        total > maxWorkItems_)
      return false;
    geometry.global[d] = global[d];
  }
  geometry.dims = dims;
  // Work-items of one work-group, for the private-memory budget: a
  // Range's work-group is the driver's choice, up to the device's most.
  uint64_t items = std::min<uint64_t>(total, UINT32_MAX);
  if (info.maxWorkGroupSize != 0)
    items = std::min<uint64_t>(items, info.maxWorkGroupSize);
  if (shape_.ndRange) {
    std::array<int64_t, 3> sizes = {1, 1, 1};
    uint64_t group = 1; // <= total: each local extent divides its global.
    for (unsigned d = 0; d < dims; ++d) {
      uint64_t dimLimit = info.maxWorkItemSizes[d];
      if (local[d] <= 0 || global[d] % local[d] != 0 ||
          (dimLimit != 0 && static_cast<uint64_t>(local[d]) > dimLimit))
        return false;
      group *= static_cast<uint64_t>(local[d]);
      sizes[d] = local[d];
    }
    if ((metadata.maxWorkGroupSize != 0 && group > metadata.maxWorkGroupSize) ||
        (info.maxWorkGroupSize != 0 && group > info.maxWorkGroupSize))
      return false;
    geometry.local = sizes;
    items = std::min<uint64_t>(group, UINT32_MAX);
  }
  uint64_t privateLimit = info.maxPrivateMemPerWorkGroup;
  return privateLimit == 0 || metadata.privateMemBytes == 0 ||
         items <= privateLimit / metadata.privateMemBytes;
}

bool LaunchPlan::packArgs(const PlanArg *args) {
  const Device &device = kernel_->device();
  size_t slot = firstParam_;
  for (size_t i = 0; i < params_.size(); ++i) {
    const Param &param = params_[i];
    const PlanArg &arg = args[i];
    if (arg.dtype != param.dtype)
      return false;
    if (param.kind == ParamKind::Scalar) {
      if (arg.kind != PlanArg::Kind::Scalar || !arg.value)
        return false;
      copyScalar(values_[slot++], arg.value, param.elementSize);
      continue;
    }
    // An array (a plan with local accessors launches through submit).
    if (arg.kind != PlanArg::Kind::Array || !arg.buffer ||
        arg.rank != param.rank || &arg.buffer->device() != &device)
      return false;
    uint64_t bytes = param.elementSize;
    for (unsigned r = 0; r < arg.rank; ++r)
      if (arg.shape[r] < 0 ||
          __builtin_mul_overflow(bytes, static_cast<uint64_t>(arg.shape[r]),
                                 &bytes))
        return false;
    if (bytes > arg.buffer->size())
      return false;
    packed_.args[slot++].buffer = arg.buffer;
    for (unsigned r = 0; r < arg.rank; ++r)
      writeInt64(values_[slot++], arg.shape[r]);
  }
  return true;
}

StatusOr<bool> LaunchPlan::tryLaunch(const PlanArg *args, size_t nargs,
                                     const int64_t *global,
                                     const int64_t *local) {
  const KernelMetadata &metadata = kernel_->metadata();
  if (!direct_ || nargs != params_.size() || !global ||
      (shape_.ndRange && !local))
    return false;
  LaunchGeometry geometry;
  if (!checkRange(global, local, geometry))
    return false;
  std::lock_guard<std::mutex> lock(mutex_);
  if (!packArgs(args))
    return false;
  // The kernel reads the user's range; a coarsened kernel covers it with
  // fewer work-items, one that merges work-groups with fewer groups (as
  // Launch.cpp's packInto).
  for (unsigned d = 0; d < 3; ++d)
    writeInt64(values_[d], geometry.global[d]);
  packed_.geometry = geometry;
  if (metadata.coarsening != std::array<uint32_t, 3>{1, 1, 1})
    packed_.geometry = coarsenGeometry(geometry, metadata.coarsening);
  if (metadata.mergesWorkGroups) {
    const DeviceInfo &info = kernel_->device().info();
    packed_.geometry = mergeGeometry(geometry, info.computeUnits,
                                     info.maxWorkItemsPerComputeUnit);
  }
  Status status = driver_->launch(packed_);
  if (!status.ok())
    return status.withContext("launch of kernel '" + kernel_->name() + "'");
  return true;
}

Status LaunchPlan::submitChecked(const PlanArg *args, size_t nargs,
                                 const int64_t *global, const int64_t *local) {
  if (!global || (shape_.ndRange && !local))
    return invalidArgument(
        planContext(*kernel_) +
        (global ? ": the local range is null" : ": the global range is null"));
  LaunchDesc desc;
  desc.kernel = kernel_;
  desc.noEvent = true;
  Range range(std::vector<int64_t>(global, global + shape_.dims));
  if (shape_.ndRange)
    desc.space =
        NdRange{std::move(range),
                Range(std::vector<int64_t>(local, local + shape_.dims))};
  else
    desc.space = std::move(range);
  for (size_t i = 0; i < nargs; ++i) {
    StatusOr<KernelArg> arg = toKernelArg(*kernel_, i, args[i]);
    if (!arg.ok())
      return arg.status();
    desc.args.push_back(std::move(*arg));
  }
  return queue_->submit(desc).status();
}

Status LaunchPlan::launch(const PlanArg *args, size_t nargs,
                          const int64_t *global, const int64_t *local) {
  StatusOr<bool> launched = tryLaunch(args, nargs, global, local);
  if (!launched.ok())
    return launched.status();
  if (*launched)
    return Status();
  return submitChecked(args, nargs, global, local);
}

} // namespace kiln
