//===- Device.h - One opened compute device ---------------------*- C++ -*-===//
//
// The device is the root of the runtime object model (IREE HAL, cut down):
// from it come queues, buffers and executables. Each back end (OpenCL, CUDA,
// later Level Zero) subclasses Device in its own folder under drivers/.
// Devices are opened by a selection string, see DeviceSelection.h.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DEVICE_H
#define KILN_RUNTIME_DEVICE_H

#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/Status.h"

#include <cstddef>
#include <memory>
#include <string>

namespace kiln {

class Buffer;
class Executable;
class Queue;

/// The API family a device is driven through.
enum class Backend { OpenCL, CUDA };
/// "opencl" or "cuda".
const char *backendName(Backend backend);

/// Coarse kind of device, used to resolve the "cpu" selection string.
enum class DeviceType { CPU, GPU, Other };

/// What the runtime knows about a device before and after opening it.
struct DeviceInfo {
  std::string name;     ///< The vendor's name for the device.
  std::string selector; ///< The string that opens it, e.g. "opencl:0".
  Backend backend = Backend::OpenCL;
  DeviceType type = DeviceType::Other;
  size_t maxWorkGroupSize = 0; ///< Work-items (threads) per work-group.
  size_t localMemSize = 0;     ///< Bytes of work-group local/shared memory.
};

/// An opened device. Objects created from it keep it alive.
class Device : public std::enable_shared_from_this<Device> {
public:
  virtual ~Device() = default;
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  /// Name, back end and limits of this device.
  const DeviceInfo &info() const { return info_; }

  /// Allocates `bytes` of device memory (uninitialised).
  virtual StatusOr<std::shared_ptr<Buffer>> allocateBuffer(size_t bytes) = 0;
  /// Creates a new in-order queue on this device.
  virtual StatusOr<std::shared_ptr<Queue>> createQueue() = 0;
  /// Loads a compiled module; its kernels are then fetched by name.
  virtual StatusOr<std::shared_ptr<Executable>>
  loadExecutable(const KernelBinary &binary) = 0;

protected:
  explicit Device(DeviceInfo info) : info_(std::move(info)) {}

private:
  DeviceInfo info_;
};

} // namespace kiln

#endif // KILN_RUNTIME_DEVICE_H
