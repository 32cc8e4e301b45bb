//===- LaunchPlan.h - A prepared launch ----------------------*- C++ -*-===//
//
// A LaunchPlan fixes a kernel, an in-order queue and the shape of the
// kernel's launches (the range's rank, Range or NdRange), and checks once
// what that fixes: the kernel is on the queue's device, the queue is in
// order, the rank and the index kind suit the kernel. Its launches then
// check only what changes from one to the next -- each argument's kind,
// dtype, rank, buffer and extents, the range against the device and the
// kernel -- pack into a parameter block the plan owns and go to a launch
// the driver prepared once (Queue::planKernelLaunch; CUDA: a plain
// cuLaunchKernel). Like LaunchDesc::noEvent, a planned launch makes no
// event: a later marker (Queue::marker) or finish says it has completed,
// and the caller keeps its buffers alive until then.
//
// A launch the plan's checks do not accept, or that needs more than the
// plan does (local accessors, a debug kernel, a profiling queue), goes
// through Queue::submit, which reports the error with the parameter's
// name or launches it: a plan never accepts what Queue::submit refuses.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_LAUNCHPLAN_H
#define KILN_RUNTIME_LAUNCHPLAN_H

#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

#include <memory>
#include <mutex>

namespace kiln {

/// What a plan fixes besides its queue and kernel.
struct LaunchPlanShape {
  unsigned dims = 1;    ///< The range's rank, 1..3.
  bool ndRange = false; ///< Launches give a local range (NdRange).
};

/// One argument of a planned launch, borrowed for the call: nothing is
/// copied or kept alive.
struct PlanArg {
  /// A LocalAccessor (shape, rank, dtype) takes Queue::submit's path.
  enum class Kind : uint8_t { Scalar, Array, LocalAccessor };
  Kind kind = Kind::Scalar;
  DType dtype = DType::Float32;
  const void *value = nullptr;    ///< Scalar: dtypeSize(dtype) bytes.
  const Buffer *buffer = nullptr; ///< Array storage.
  const int64_t *shape = nullptr; ///< Extents, `rank` of them.
  unsigned rank = 0;

  static PlanArg scalar(DType dtype, const void *value) {
    PlanArg arg;
    arg.kind = Kind::Scalar;
    arg.dtype = dtype;
    arg.value = value;
    return arg;
  }
  static PlanArg array(const Buffer *buffer, const int64_t *shape,
                       unsigned rank, DType dtype) {
    PlanArg arg;
    arg.kind = Kind::Array;
    arg.dtype = dtype;
    arg.buffer = buffer;
    arg.shape = shape;
    arg.rank = rank;
    return arg;
  }
};

/// A prepared, event-less launch of one kernel on one in-order queue.
/// Launches of one plan from several threads are safe: the plan's lock
/// serialises their packing and enqueueing (its parameter block is one).
class LaunchPlan {
public:
  /// Checks that `kernel` can be launched on `queue` with `shape`'s ranges
  /// and prepares the driver's launch. Errors name what is wrong.
  static StatusOr<std::unique_ptr<LaunchPlan>>
  create(std::shared_ptr<Queue> queue, std::shared_ptr<Kernel> kernel,
         const LaunchPlanShape &shape);
  LaunchPlan(const LaunchPlan &) = delete;
  LaunchPlan &operator=(const LaunchPlan &) = delete;
  ~LaunchPlan();

  Queue &queue() const { return *queue_; }
  const std::shared_ptr<Kernel> &kernel() const { return kernel_; }
  const LaunchPlanShape &shape() const { return shape_; }

  /// Launches the kernel over `global` (shape().dims extents; `local` too
  /// for an NdRange plan, else null) with one argument per parameter, or
  /// refuses it with Queue::submit's error.
  Status launch(const PlanArg *args, size_t nargs, const int64_t *global,
                const int64_t *local);

  /// The direct launch alone: true when launched; false, having launched
  /// nothing, when the launch needs Queue::submit -- an argument or range
  /// the plan's checks do not accept (Queue::submit names the error), or a
  /// plan that always takes that path. An error is the driver's.
  StatusOr<bool> tryLaunch(const PlanArg *args, size_t nargs,
                           const int64_t *global, const int64_t *local);

private:
  LaunchPlan(std::shared_ptr<Queue> queue, std::shared_ptr<Kernel> kernel,
             const LaunchPlanShape &shape);
  /// Lays out the parameter block and gets the driver's launch.
  Status prepareDirect();
  /// Whether the range passes every check of Queue::submit; its geometry.
  bool checkRange(const int64_t *global, const int64_t *local,
                  LaunchGeometry &geometry) const;
  /// Packs `args` into packed_ (lock held); false when one is not
  /// accepted.
  bool packArgs(const PlanArg *args);
  /// Queue::submit of the launch: the checked path and its errors.
  Status submitChecked(const PlanArg *args, size_t nargs, const int64_t *global,
                       const int64_t *local);

  std::shared_ptr<Queue> queue_;
  std::shared_ptr<Kernel> kernel_;
  LaunchPlanShape shape_;
  /// False when every launch takes Queue::submit (see the file comment).
  bool direct_ = false;
  /// Largest extent and work-item count one launch may have.
  uint64_t maxWorkItems_ = 0;
  /// Index in packed_.args of the first parameter's value.
  size_t firstParam_ = 0;
  /// What the checks read of each parameter, without its name.
  struct Param {
    ParamKind kind;
    DType dtype;
    unsigned rank;
    uint64_t elementSize;
  };
  std::vector<Param> params_;
  /// Where each native argument's value goes (KernelLaunchPlan::valueSlot).
  std::vector<uint8_t *> values_;
  std::mutex mutex_;
  PackedLaunch packed_; ///< The parameter block (mutex_).
  std::unique_ptr<KernelLaunchPlan> driver_;
};

} // namespace kiln

#endif // KILN_RUNTIME_LAUNCHPLAN_H
