//===- HostDevice.h - The host CPU as a device ------------------*- C++ -*-===//
//
// Buffers are host memory (the runtime's own, 64-byte aligned, or any
// memory wrapped in place: NumPy arrays are used without copies); an
// executable is an ELF shared object loaded with memfd_create + dlopen;
// kernels run work-group by work-group on a oneTBB arena of
// KILN_NUM_THREADS threads (default: the CPUs this process may run on).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_HOST_HOSTDEVICE_H
#define KILN_RUNTIME_DRIVERS_HOST_HOSTDEVICE_H

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"

#include <memory>

#include <oneapi/tbb/task_arena.h>

namespace kiln::host {

/// Host memory, owned (allocateBuffer) or wrapped (wrapMemory).
class HostBuffer final : public Buffer {
public:
  HostBuffer(const Device &device, void *data, size_t size, bool owned);
  ~HostBuffer() override;
  void *data() const { return data_; }

protected:
  StatusOr<uint64_t> nativeDeviceAddress() const override {
    return reinterpret_cast<uint64_t>(data_);
  }

private:
  void *data_;
  bool owned_;
};

class HostDevice final : public Device {
public:
  /// The one host device (threads from KILN_NUM_THREADS, read once).
  static StatusOr<std::shared_ptr<Device>> open();
  ~HostDevice() override;

  StatusOr<std::shared_ptr<Buffer>> allocateBuffer(size_t bytes) override;
  StatusOr<std::shared_ptr<Queue>> createQueue() override;
  StatusOr<std::shared_ptr<Executable>>
  loadExecutable(const KernelBinary &binary) override;

  /// The arena kernels run on.
  tbb::task_arena &arena() const { return *arena_; }
  unsigned threads() const { return threads_; }
  std::shared_ptr<const HostDevice> self() const {
    return std::static_pointer_cast<const HostDevice>(shared_from_this());
  }

protected:
  StatusOr<std::shared_ptr<Queue>>
  createQueueWithOptions(const QueueOptions &options) override;
  StatusOr<std::shared_ptr<Buffer>> wrapNativeMemory(uint64_t address,
                                                     size_t bytes) override;

private:
  HostDevice(DeviceInfo info, unsigned threads);
  unsigned threads_;
  std::unique_ptr<tbb::task_arena> arena_;
};

/// The DeviceInfo of the host device (no device opened).
DeviceInfo hostDeviceInfo();
/// Threads kernels run on: KILN_NUM_THREADS when set (1..1024), else the
/// CPUs of this process's affinity mask.
unsigned hostThreadCount();

} // namespace kiln::host

#endif // KILN_RUNTIME_DRIVERS_HOST_HOSTDEVICE_H
