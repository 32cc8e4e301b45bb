//===- HostDevice.cpp - The host CPU as a device --------------------------===//
#include "HostDevice.h"
#include "HostExecutable.h"
#include "HostQueue.h"

#include <sched.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>

namespace kiln::host {

HostBuffer::HostBuffer(const Device &device, void *data, size_t size,
                       bool owned)
    : Buffer(device, size), data_(data), owned_(owned) {
  if (!owned)
    markWrapped(reinterpret_cast<uint64_t>(data));
}

HostBuffer::~HostBuffer() {
  if (owned_)
    std::free(data_);
}

namespace {

/// "model name" of /proc/cpuinfo; a generic name where there is none.
std::string cpuModelName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) != 0)
      continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      break;
    size_t start = line.find_first_not_of(" \t", colon + 1);
    if (start != std::string::npos)
      return line.substr(start);
  }
  return "the host CPU";
}

unsigned affinityCpuCount() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int count = CPU_COUNT(&set);
    if (count > 0)
      return static_cast<unsigned>(count);
  }
  unsigned hardware = std::thread::hardware_concurrency();
  return hardware ? hardware : 1;
}

/// Kernels run sequentially per work-group, so a work-group's work-items
/// share one thread's stack only for the private arrays of one work-item
/// at a time; the limits below are the language's, not the machine's.
constexpr size_t kMaxWorkGroupSize = 1 << 16;
/// LocalAccessor memory the driver allocates per work-group (the
/// compiler refuses local memory until stage 2; the driver has it).
constexpr size_t kLocalMemSize = 1 << 20;

} // namespace

unsigned hostThreadCount() {
  if (const char *text = std::getenv("KILN_NUM_THREADS"); text && *text) {
    char *end = nullptr;
    long value = std::strtol(text, &end, 10);
    if (end && *end == '\0' && value >= 1 && value <= 1024)
      return static_cast<unsigned>(value);
  }
  return affinityCpuCount();
}

DeviceInfo hostDeviceInfo() {
  DeviceInfo info;
  info.name = "host CPU (" + cpuModelName() + ")";
  info.selector = "host:0";
  info.backend = Backend::Host;
  info.type = DeviceType::CPU;
  info.maxWorkGroupSize = kMaxWorkGroupSize;
  info.localMemSize = kLocalMemSize;
  info.maxWorkItemSizes = {kMaxWorkGroupSize, kMaxWorkGroupSize,
                           kMaxWorkGroupSize};
  info.maxGlobalWorkItems = (1ull << 63) - 1;
  info.maxPrivateMemPerWorkItem = 1 << 20;
  info.computeUnits = hostThreadCount();
  info.supportsSubGroups = false; // stage 3 of issue 20
  info.supportsFp16 = true;
  info.supportsFp64 = true;
  info.supportsInt64Atomics = true;
  info.supportsFp64Atomics = true;
  info.supportsOutOfOrderQueues = true;
  info.supportsProfiling = true;
  info.supportsDeviceAddresses = true;
  return info;
}

HostDevice::HostDevice(DeviceInfo info, unsigned threads)
    : Device(std::move(info)), threads_(threads),
      arena_(std::make_unique<tbb::task_arena>(static_cast<int>(threads))) {}

HostDevice::~HostDevice() = default;

StatusOr<std::shared_ptr<Device>> HostDevice::open() {
  unsigned threads = hostThreadCount();
  DeviceInfo info = hostDeviceInfo();
  info.computeUnits = threads;
  return std::shared_ptr<Device>(new HostDevice(std::move(info), threads));
}

StatusOr<std::shared_ptr<Buffer>> HostDevice::allocateBuffer(size_t bytes) {
  // 64 bytes: a cache line, and every vector width the host target uses.
  size_t rounded = (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
  void *data = std::aligned_alloc(64, rounded);
  if (!data)
    return internalError("cannot allocate " + std::to_string(bytes) +
                         " bytes on '" + info().name + "'");
  return std::shared_ptr<Buffer>(
      std::make_shared<HostBuffer>(*this, data, bytes, /*owned=*/true));
}

StatusOr<std::shared_ptr<Buffer>> HostDevice::wrapNativeMemory(uint64_t address,
                                                               size_t bytes) {
  // Any host memory: kernels use it in place (no copy in or out).
  return std::shared_ptr<Buffer>(std::make_shared<HostBuffer>(
      *this, reinterpret_cast<void *>(address), bytes, /*owned=*/false));
}

StatusOr<std::shared_ptr<Queue>> HostDevice::createQueue() {
  return createQueueWithOptions(QueueOptions{});
}

StatusOr<std::shared_ptr<Queue>>
HostDevice::createQueueWithOptions(const QueueOptions &options) {
  return std::shared_ptr<Queue>(std::make_shared<HostQueue>(self(), options));
}

StatusOr<std::shared_ptr<Executable>>
HostDevice::loadExecutable(const KernelBinary &binary) {
  if (Status features = checkKernelFeatures(info(), binary); !features.ok())
    return features;
  return HostExecutable::load(self(), binary);
}

} // namespace kiln::host
