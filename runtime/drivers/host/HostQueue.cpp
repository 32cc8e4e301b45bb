//===- HostQueue.cpp - Commands of the host device ------------------------===//
#include "HostQueue.h"
#include "HostExecutable.h"
#include "kiln/runtime/HostKernelABI.h"
#include "kiln/runtime/WorkGroupShape.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace kiln::host {

namespace {

uint64_t nowNs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

char *bytesOf(const Buffer &buffer) {
  return static_cast<char *>(static_cast<const HostBuffer &>(buffer).data());
}

/// Work-items per work-group of a Range launch (which an Item kernel
/// cannot observe): long rows along axis 0, the vectorised loop, at most
/// 4096 work-items and the kernel's own bound.
std::array<int64_t, 3> rangeWorkGroup(const std::array<int64_t, 3> &global,
                                      uint32_t kernelBound) {
  int64_t budget = kernelBound ? std::min<int64_t>(kernelBound, 4096) : 4096;
  std::array<int64_t, 3> size = {1, 1, 1};
  size[0] = std::min(global[0], budget);
  size[1] = std::min(global[1], std::max<int64_t>(1, budget / size[0]));
  size[2] =
      std::min(global[2], std::max<int64_t>(1, budget / (size[0] * size[1])));
  return size;
}

/// One kernel launch, copied out of its PackedLaunch at submission.
struct KernelCommand {
  HostWorkGroupFunction function = nullptr;
  std::vector<PackedArg> args;
  /// Where each argument's value lies (PackedArg bytes or pointer slots).
  std::vector<uint64_t> pointers;
  std::array<int64_t, 3> local = {1, 1, 1};
  std::array<int64_t, 3> groups = {1, 1, 1};
  std::array<int64_t, 3> global = {1, 1, 1};
  bool hasLocalMemory = false;

  void runGroups(int64_t begin, int64_t end) const {
    // Each task gets its own argument array: LocalAccessors point at
    // memory of the work-group being run.
    std::vector<void *> slots(args.size());
    std::vector<uint64_t> locals(args.size(), 0);
    std::vector<void *> allocations;
    for (size_t i = 0; i < args.size(); ++i) {
      const PackedArg &arg = args[i];
      switch (arg.kind) {
      case PackedArg::Kind::Value:
        slots[i] = const_cast<uint8_t *>(arg.bytes.data());
        break;
      case PackedArg::Kind::BufferPointer:
        slots[i] = const_cast<uint64_t *>(&pointers[i]);
        break;
      case PackedArg::Kind::LocalMemory: {
        size_t bytes = (std::max<uint64_t>(arg.localBytes, 1) + 63) / 64 * 64;
        void *memory = std::aligned_alloc(64, bytes);
        allocations.push_back(memory);
        locals[i] = reinterpret_cast<uint64_t>(memory);
        slots[i] = &locals[i];
        break;
      }
      }
    }
    HostWorkGroup group{};
    for (unsigned a = 0; a < 3; ++a) {
      group.localRange[a] = local[a];
      group.groupRange[a] = groups[a];
    }
    for (int64_t linear = begin; linear < end; ++linear) {
      int64_t rest = linear;
      for (unsigned a = 0; a < 3; ++a) {
        group.groupId[a] = rest % groups[a];
        rest /= groups[a];
        group.localLimit[a] =
            std::min(local[a], global[a] - group.groupId[a] * local[a]);
      }
      function(slots.data(), &group);
    }
    for (void *memory : allocations)
      std::free(memory);
  }
};

} // namespace

//===--- Events -----------------------------------------------------------===//

void CommandEvent::complete(Status result, EventTimes times) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    complete_ = true;
    result_ = std::move(result);
    times_ = times;
  }
  done_.notify_all();
}

Status CommandEvent::waitDone() {
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return complete_; });
  return result_;
}

StatusOr<EventState> CommandEvent::queryNative() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!complete_)
    return EventState::Pending;
  if (!result_.ok())
    return result_;
  return EventState::Complete;
}

StatusOr<EventTimes> CommandEvent::profilingTimes() {
  if (!profiling_)
    return invalidArgument("profiling times of a command of a queue "
                           "created without QueueOptions::profiling");
  std::lock_guard<std::mutex> lock(mutex_);
  if (!complete_)
    return invalidArgument("profiling times of a command still pending");
  return times_;
}

//===--- The queue --------------------------------------------------------===//

HostQueue::HostQueue(std::shared_ptr<const HostDevice> device,
                     QueueOptions options)
    : Queue(*device, options), device_(std::move(device)) {
  thread_ = std::thread([this] { worker(); });
}

HostQueue::~HostQueue() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [&] { return commands_.empty() && !running_; });
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void HostQueue::worker() {
  for (;;) {
    Command command;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || !commands_.empty(); });
      if (commands_.empty())
        return;
      command = std::move(commands_.front());
      commands_.pop_front();
      running_ = true;
    }
    Status result;
    for (const std::shared_ptr<Event> &event : command.waitFor) {
      auto *own = dynamic_cast<CommandEvent *>(event.get());
      Status waited = own ? own->waitDone() : event->wait();
      if (!waited.ok() && result.ok())
        result = waited;
    }
    EventTimes times;
    times.start = nowNs();
    if (result.ok())
      result = command.run();
    times.end = nowNs();
    command.waitFor.clear();
    command.run = nullptr; // drops what the command kept alive
    command.event->complete(std::move(result), times);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      running_ = false;
    }
    idle_.notify_all();
  }
}

std::shared_ptr<CommandEvent> HostQueue::enqueue(EventList waitFor,
                                                 std::function<Status()> run) {
  auto event = std::make_shared<CommandEvent>(&device(), options().profiling);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    commands_.push_back({std::move(waitFor), std::move(run), event});
  }
  wake_.notify_one();
  return event;
}

Status HostQueue::finish() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [&] { return commands_.empty() && !running_; });
  }
  return runTrackedChecks();
}

StatusOr<std::shared_ptr<Event>>
HostQueue::submitKernel(const Kernel &kernel, const PackedLaunch &launch,
                        const EventList &waitFor) {
  auto command = std::make_shared<KernelCommand>();
  command->function = static_cast<const HostKernel &>(kernel).function();
  command->args = launch.args;
  command->pointers.assign(launch.args.size(), 0);
  for (size_t i = 0; i < launch.args.size(); ++i)
    if (launch.args[i].kind == PackedArg::Kind::BufferPointer)
      command->pointers[i] =
          reinterpret_cast<uint64_t>(bytesOf(*launch.args[i].buffer));
  LaunchGeometry hw = toHardwareOrder(launch.geometry);
  command->global = hw.global;
  command->local =
      hw.local ? *hw.local
               : rangeWorkGroup(hw.global, kernel.metadata().maxWorkGroupSize);
  int64_t total = 1;
  for (unsigned a = 0; a < 3; ++a) {
    command->groups[a] =
        (hw.global[a] + command->local[a] - 1) / command->local[a];
    total *= command->groups[a];
  }
  // The launch's buffers and kernel (its resources) stay alive until it
  // has run, even if its event is dropped first.
  std::vector<std::shared_ptr<const void>> resources = launch.resources;
  std::shared_ptr<const HostDevice> device = device_;
  return std::shared_ptr<Event>(
      enqueue(waitFor, [command, total, resources, device]() -> Status {
        device->arena().execute([&] {
          tbb::parallel_for(tbb::blocked_range<int64_t>(0, total),
                            [&](const tbb::blocked_range<int64_t> &range) {
                              command->runGroups(range.begin(), range.end());
                            });
        });
        return Status();
      }));
}

Status HostQueue::write(Buffer &dst, const void *src, size_t bytes,
                        size_t offset) {
  auto event = enqueue({}, [&] {
    std::memcpy(bytesOf(dst) + offset, src, bytes);
    return Status();
  });
  return event->waitDone();
}

Status HostQueue::read(const Buffer &src, void *dst, size_t bytes,
                       size_t offset) {
  auto event = enqueue({}, [&] {
    std::memcpy(dst, bytesOf(src) + offset, bytes);
    return Status();
  });
  return event->waitDone();
}

StatusOr<std::shared_ptr<Event>>
HostQueue::submitWrite(Buffer &dst, size_t offset, const void *src,
                       size_t bytes, const EventList &waitFor) {
  std::shared_ptr<Buffer> keep = dst.shared_from_this();
  return std::shared_ptr<Event>(enqueue(waitFor, [keep, offset, src, bytes] {
    std::memcpy(bytesOf(*keep) + offset, src, bytes);
    return Status();
  }));
}

StatusOr<std::shared_ptr<Event>>
HostQueue::submitRead(const Buffer &src, size_t offset, void *dst, size_t bytes,
                      const EventList &waitFor) {
  std::shared_ptr<const Buffer> keep = src.shared_from_this();
  return std::shared_ptr<Event>(enqueue(waitFor, [keep, offset, dst, bytes] {
    std::memcpy(dst, bytesOf(*keep) + offset, bytes);
    return Status();
  }));
}

StatusOr<std::shared_ptr<Event>>
HostQueue::submitCopy(const Buffer &src, size_t srcOffset, Buffer &dst,
                      size_t dstOffset, size_t bytes,
                      const EventList &waitFor) {
  std::shared_ptr<const Buffer> from = src.shared_from_this();
  std::shared_ptr<Buffer> to = dst.shared_from_this();
  return std::shared_ptr<Event>(enqueue(waitFor, [from, to, srcOffset,
                                                  dstOffset, bytes] {
    std::memmove(bytesOf(*to) + dstOffset, bytesOf(*from) + srcOffset, bytes);
    return Status();
  }));
}

StatusOr<std::shared_ptr<Event>>
HostQueue::submitFill(Buffer &dst, size_t offset, size_t bytes,
                      const void *pattern, size_t patternSize,
                      const EventList &waitFor) {
  std::shared_ptr<Buffer> keep = dst.shared_from_this();
  std::vector<uint8_t> copy(static_cast<const uint8_t *>(pattern),
                            static_cast<const uint8_t *>(pattern) +
                                patternSize);
  return std::shared_ptr<Event>(
      enqueue(waitFor, [keep, offset, bytes, copy = std::move(copy)] {
        char *out = bytesOf(*keep) + offset;
        if (copy.size() == 1) {
          std::memset(out, copy[0], bytes);
          return Status();
        }
        for (size_t done = 0; done < bytes; done += copy.size())
          std::memcpy(out + done, copy.data(), copy.size());
        return Status();
      }));
}

StatusOr<std::shared_ptr<Event>> HostQueue::submitMarker() {
  return std::shared_ptr<Event>(enqueue({}, [] { return Status(); }));
}

} // namespace kiln::host
