//===- CudaDevice.h - An opened CUDA device ---------------------*- C++ -*-===//
//
// One CUDA device driven through its primary context; the factory of CUDA
// buffers, streams (queues) and modules (executables). Every entry point
// makes the context current on the calling thread first.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDADEVICE_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDADEVICE_H

#include "CudaDynamicSymbols.h"
#include "kiln/runtime/Device.h"

#include <array>
#include <mutex>
#include <vector>

namespace kiln::cuda {

/// Name, limits and compute capability read from the driver.
struct CudaDeviceProperties {
  DeviceInfo info;
  int computeMajor = 0;
  int computeMinor = 0;
  std::array<int, 3> maxGrid = {0, 0, 0};
  int multiprocessorCount = 0;
  int driverVersion = 0; ///< cuDriverGetVersion: 12030 for CUDA 12.3.
};

/// Reads the properties of device `ordinal` (no context needed).
StatusOr<CudaDeviceProperties> queryCudaDevice(const CudaDynamicSymbols &cu,
                                               int ordinal);

/// A CUDA device with its retained primary context.
class CudaDevice final : public Device {
public:
  /// Retains the primary context of device `ordinal`.
  static StatusOr<std::shared_ptr<Device>> open(const CudaDynamicSymbols &cu,
                                                int ordinal);
  ~CudaDevice() override;

  const CudaDynamicSymbols &cu() const { return cu_; }
  /// Makes this device's context current on the calling thread.
  Status makeCurrent() const;
  /// "sm_90" for compute capability 9.0.
  std::string arch() const;
  const std::array<int, 3> &maxGrid() const { return properties_.maxGrid; }
  int multiprocessorCount() const { return properties_.multiprocessorCount; }
  /// A CU_EVENT_DISABLE_TIMING event for a lazily recorded CudaEvent: one
  /// given back earlier when the pool has one, else a new one. The
  /// context must be current. Spares each launch whose event the caller
  /// keeps (the Python package keeps every launch's) a cuEventCreate and
  /// a cuEventDestroy.
  StatusOr<CUevent> acquireEvent() const;
  /// Gives back `event` once no CudaEvent refers to it. Reusing it is
  /// safe: cuStreamWaitEvent, cuEventQuery and cuEventSynchronize read the
  /// record made before the call, so a later cuEventRecord of the reused
  /// event changes nothing that was issued against the old record, and
  /// its new owner sees only its own record. Past kMaxPooledEvents the
  /// event is destroyed.
  void releaseEvent(CUevent event) const;

  StatusOr<std::shared_ptr<Buffer>> allocateBuffer(size_t bytes) override;
  StatusOr<std::shared_ptr<Queue>> createQueue() override;
  StatusOr<std::shared_ptr<Executable>>
  loadExecutable(const KernelBinary &binary) override;
  using Device::createQueue;

protected:
  StatusOr<std::shared_ptr<Queue>>
  createQueueWithOptions(const QueueOptions &options) override;
  /// CudaMemoryWrap.cpp: checks the pointer is device memory of this
  /// device's primary context and that the range lies in one allocation.
  StatusOr<std::shared_ptr<Buffer>> wrapNativeMemory(uint64_t address,
                                                     size_t bytes) override;

private:
  /// Why `address` cannot be wrapped on this device, or Ok.
  Status checkForeignPointer(CUdeviceptr address, size_t bytes) const;

  CudaDevice(const CudaDynamicSymbols &cu, CUdevice device, CUcontext context,
             CudaDeviceProperties properties)
      : Device(properties.info), cu_(cu), device_(device), context_(context),
        properties_(std::move(properties)) {}

  static constexpr size_t kMaxPooledEvents = 256;

  const CudaDynamicSymbols &cu_;
  mutable std::mutex eventPoolMutex_;
  mutable std::vector<CUevent> eventPool_;
  CUdevice device_;
  CUcontext context_;
  CudaDeviceProperties properties_;
};

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDADEVICE_H
