//===- Launcher.cpp - Reusable, non-blocking kernel launchers -----------===//
//
// Named arguments are matched to the kernel's parameters here; everything
// else is Queue::submit and Queue's asynchronous copies chained through
// wait lists.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Launcher.h"

#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"

namespace kiln {
namespace {

bool hasParameter(const KernelMetadata &metadata, const std::string &name) {
  for (const KernelParam &param : metadata.params)
    if (param.name == name)
      return true;
  return false;
}

} // namespace

Launcher::Launcher(std::string name, std::shared_ptr<Kernel> kernel,
                   std::shared_ptr<Queue> queue,
                   std::optional<IndexSpace> space, NamedArgs bound)
    : name_(std::move(name)), kernel_(std::move(kernel)),
      queue_(std::move(queue)), space_(std::move(space)),
      bound_(std::move(bound)),
      profile_(std::make_shared<StatisticsCollector>()) {}

StatusOr<Launcher> Launcher::create(std::string name,
                                    std::shared_ptr<Kernel> kernel,
                                    std::shared_ptr<Queue> queue,
                                    std::optional<IndexSpace> space,
                                    NamedArgs bound) {
  std::string what = "launcher '" + name + "'";
  if (!kernel)
    return invalidArgument(what + ": null kernel");
  for (const auto &[param, arg] : bound)
    if (!hasParameter(kernel->metadata(), param))
      return invalidArgument(what + ": kernel '" + kernel->name() +
                             "' has no parameter '" + param + "'");
  if (queue && &queue->device() != &kernel->device())
    return invalidArgument(
        what + ": the queue is on '" + queue->device().info().selector +
        "', the kernel on '" + kernel->device().info().selector + "'");
  return Launcher(std::move(name), std::move(kernel), std::move(queue),
                  std::move(space), std::move(bound));
}

std::vector<std::string> Launcher::parameters() const {
  std::vector<std::string> names;
  for (const KernelParam &param : kernel_->metadata().params)
    if (!bound_.count(param.name))
      names.push_back(param.name);
  return names;
}

StatusOr<std::vector<KernelArg>>
Launcher::arguments(const NamedArgs &args) const {
  std::string what = "launcher '" + name_ + "'";
  const KernelMetadata &metadata = kernel_->metadata();
  for (const auto &[param, arg] : args) {
    if (!hasParameter(metadata, param))
      return invalidArgument(what + ": kernel '" + metadata.name +
                             "' has no parameter '" + param + "'");
    if (bound_.count(param))
      return invalidArgument(what + ": argument '" + param +
                             "' is bound already");
  }
  std::vector<KernelArg> ordered;
  for (const KernelParam &param : metadata.params) {
    auto given = args.find(param.name);
    if (given != args.end()) {
      ordered.push_back(given->second);
      continue;
    }
    auto bound = bound_.find(param.name);
    if (bound == bound_.end())
      return invalidArgument(what + ": missing argument '" + param.name + "'");
    ordered.push_back(bound->second);
  }
  return ordered;
}

StatusOr<std::shared_ptr<Event>>
Launcher::operator()(const NamedArgs &args, const EventList &waitFor,
                     const std::shared_ptr<Queue> &queue,
                     const std::optional<IndexSpace> &space) {
  std::string what = "launcher '" + name_ + "'";
  const std::shared_ptr<Queue> &target = queue ? queue : queue_;
  if (!target)
    return invalidArgument(what + ": no queue given and none bound");
  const std::optional<IndexSpace> &range = space ? space : space_;
  if (!range)
    return invalidArgument(what + ": no index space given and none bound");
  LaunchDesc launch;
  launch.kernel = kernel_;
  launch.space = *range;
  StatusOr<std::vector<KernelArg>> ordered = arguments(args);
  if (!ordered.ok())
    return ordered.status();
  launch.args = std::move(*ordered);
  StatusOr<LaunchEvents> events = target->submit(launch, waitFor);
  if (!events.ok())
    return events.status();
  if (target->options().profiling)
    profile_->record(name_, events->device);
  return events->device;
}

StatusOr<std::shared_ptr<Event>>
IterativeLauncher::operator()(const NamedArgs &args, const EventList &waitFor) {
  std::string what = "iterative launcher '" + launcher_.name() + "'";
  lastIterations_ = 0;
  EventList previous = waitFor;
  std::shared_ptr<Event> last;
  for (size_t i = 0;; ++i) {
    StatusOr<std::optional<NamedArgs>> produced = generator_(i);
    if (!produced.ok())
      return produced.status().withContext(what + ", iteration " +
                                           std::to_string(i));
    if (!*produced)
      break;
    NamedArgs merged = std::move(**produced);
    for (const auto &[name, arg] : args)
      if (!merged.emplace(name, arg).second)
        return invalidArgument(what + ", iteration " + std::to_string(i) +
                               ": argument '" + name +
                               "' comes from both the call and the generator");
    StatusOr<std::shared_ptr<Event>> event = launcher_(merged, previous);
    if (!event.ok())
      return event.status().withContext(what + ", iteration " +
                                        std::to_string(i));
    last = *event;
    previous = {last};
    ++lastIterations_;
  }
  if (!last)
    return invalidArgument(what + ": the generator produced no iteration");
  return last;
}

void ListLauncher::addKernel(Launcher launcher, NamedArgs args) {
  launchers_.push_back(launcher);
  steps_.push_back([launcher, args](const std::shared_ptr<Queue> &queue,
                                    const EventList &waitFor) mutable {
    return launcher(args, waitFor, queue);
  });
}

void ListLauncher::addWrite(std::shared_ptr<Buffer> dst, const void *src,
                            size_t bytes, size_t offset) {
  steps_.push_back(
      [=](const std::shared_ptr<Queue> &queue, const EventList &waitFor) {
        return queue->writeBufferAsync(*dst, src, bytes, offset, waitFor);
      });
}

void ListLauncher::addRead(std::shared_ptr<Buffer> src, void *dst, size_t bytes,
                           size_t offset) {
  steps_.push_back(
      [=](const std::shared_ptr<Queue> &queue, const EventList &waitFor) {
        return queue->readBufferAsync(*src, dst, bytes, offset, waitFor);
      });
}

void ListLauncher::addCopy(std::shared_ptr<Buffer> src, size_t srcOffset,
                           std::shared_ptr<Buffer> dst, size_t dstOffset,
                           size_t bytes) {
  steps_.push_back([=](const std::shared_ptr<Queue> &queue,
                       const EventList &waitFor) {
    return queue->copyBuffer(*src, srcOffset, *dst, dstOffset, bytes, waitFor);
  });
}

StatusOr<std::shared_ptr<Event>>
ListLauncher::operator()(const EventList &waitFor) {
  std::string what = "list launcher '" + name_ + "'";
  if (!queue_)
    return invalidArgument(what + ": no queue");
  if (steps_.empty())
    return invalidArgument(what + ": no steps");
  EventList previous = waitFor;
  std::shared_ptr<Event> last;
  for (size_t i = 0; i < steps_.size(); ++i) {
    StatusOr<std::shared_ptr<Event>> event = steps_[i](queue_, previous);
    if (!event.ok())
      return event.status().withContext(what + ", step " + std::to_string(i));
    last = *event;
    previous = {last};
  }
  return last;
}

std::map<std::string, KernelStatistics> ListLauncher::statistics() {
  std::map<std::string, KernelStatistics> all;
  std::map<std::string, const Launcher *> seen;
  for (Launcher &launcher : launchers_) {
    // Copies of one Launcher share its statistics: count them once.
    if (seen.count(launcher.name()))
      continue;
    seen[launcher.name()] = &launcher;
    all[launcher.name()].merge(launcher.statistics());
  }
  return all;
}

} // namespace kiln
