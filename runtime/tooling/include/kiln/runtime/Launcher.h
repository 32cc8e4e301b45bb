//===- Launcher.h - Reusable, non-blocking kernel launchers -----*- C++ -*-===//
//
// hysop's launcher model over Queue::submit. A Launcher binds a kernel
// to defaults (queue, index space, some arguments by parameter name) and
// takes the remaining arguments by name at each call; an IterativeLauncher
// adds arguments produced per iteration by a generator; a ListLauncher runs
// kernels and copies in order on one queue after a wait list. None of them
// ever waits: each call returns the event of its last command, and
// statistics() folds in the device times of launches completed so far
// (launches on profiling queues only).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_LAUNCHER_H
#define KILN_RUNTIME_LAUNCHER_H

#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"
#include "kiln/runtime/Statistics.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace kiln {

/// Launch arguments by kernel parameter name.
using NamedArgs = std::map<std::string, KernelArg>;

/// One kernel with bound defaults; the rest of its arguments per call.
class Launcher {
public:
  /// Checks that every bound name is a parameter of `kernel` and that the
  /// queue (when given) is on the kernel's device.
  static StatusOr<Launcher> create(std::string name,
                                   std::shared_ptr<Kernel> kernel,
                                   std::shared_ptr<Queue> queue = nullptr,
                                   std::optional<IndexSpace> space = {},
                                   NamedArgs bound = {});

  /// Launches after `waitFor` with the bound arguments plus `args`. An
  /// unknown name, a parameter given twice (bound and here) or missing is
  /// an InvalidArgument naming it. `queue` / `space` override the
  /// defaults; one of each must exist.
  StatusOr<std::shared_ptr<Event>>
  operator()(const NamedArgs &args = {}, const EventList &waitFor = {},
             const std::shared_ptr<Queue> &queue = nullptr,
             const std::optional<IndexSpace> &space = std::nullopt);

  const std::string &name() const { return name_; }
  const std::shared_ptr<Kernel> &kernel() const { return kernel_; }
  /// Parameters still to be supplied per call, in declaration order.
  std::vector<std::string> parameters() const;
  /// Device time of this launcher's completed launches.
  KernelStatistics statistics() { return profile_->statistics(name_); }

private:
  Launcher(std::string name, std::shared_ptr<Kernel> kernel,
           std::shared_ptr<Queue> queue, std::optional<IndexSpace> space,
           NamedArgs bound);
  StatusOr<std::vector<KernelArg>> arguments(const NamedArgs &args) const;

  std::string name_;
  std::shared_ptr<Kernel> kernel_;
  std::shared_ptr<Queue> queue_;
  std::optional<IndexSpace> space_;
  NamedArgs bound_;
  std::shared_ptr<StatisticsCollector> profile_;
};

/// A Launcher called once per iteration with arguments from a generator.
class IterativeLauncher {
public:
  /// Arguments of iteration `i`; std::nullopt ends the iteration.
  using Generator =
      std::function<StatusOr<std::optional<NamedArgs>>(size_t iteration)>;

  IterativeLauncher(Launcher launcher, Generator generator)
      : launcher_(std::move(launcher)), generator_(std::move(generator)) {}

  /// Launches every iteration, each after the previous one (also on an
  /// out-of-order queue), the first after `waitFor`; `args` go to every
  /// iteration. Returns the last event; a generator that yields no
  /// iteration, or fails, is an error.
  StatusOr<std::shared_ptr<Event>> operator()(const NamedArgs &args = {},
                                              const EventList &waitFor = {});

  KernelStatistics statistics() { return launcher_.statistics(); }
  /// Iterations launched by the last call.
  size_t lastIterationCount() const { return lastIterations_; }

private:
  Launcher launcher_;
  Generator generator_;
  size_t lastIterations_ = 0;
};

/// Kernels and copies run in order on one queue.
class ListLauncher {
public:
  explicit ListLauncher(std::string name, std::shared_ptr<Queue> queue)
      : name_(std::move(name)), queue_(std::move(queue)) {}

  /// Appends a kernel launch with its per-call arguments.
  void addKernel(Launcher launcher, NamedArgs args = {});
  /// Appends a host -> device copy; `src` must stay valid while it runs.
  void addWrite(std::shared_ptr<Buffer> dst, const void *src, size_t bytes,
                size_t offset = 0);
  /// Appends a device -> host copy; `dst` must stay valid while it runs.
  void addRead(std::shared_ptr<Buffer> src, void *dst, size_t bytes,
               size_t offset = 0);
  /// Appends a device -> device copy.
  void addCopy(std::shared_ptr<Buffer> src, size_t srcOffset,
               std::shared_ptr<Buffer> dst, size_t dstOffset, size_t bytes);

  /// Submits every step after `waitFor`, each after the one before; the
  /// first failing step's error is returned (later steps not submitted).
  StatusOr<std::shared_ptr<Event>> operator()(const EventList &waitFor = {});

  const std::string &name() const { return name_; }
  size_t size() const { return steps_.size(); }
  /// Per launcher name: device time of the completed kernel steps.
  std::map<std::string, KernelStatistics> statistics();

private:
  using Step = std::function<StatusOr<std::shared_ptr<Event>>(
      const std::shared_ptr<Queue> &, const EventList &)>;
  std::string name_;
  std::shared_ptr<Queue> queue_;
  std::vector<Step> steps_;
  std::vector<Launcher> launchers_;
};

} // namespace kiln

#endif // KILN_RUNTIME_LAUNCHER_H
