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
#include "kiln/runtime/LaunchOptions.h"
#include "kiln/runtime/Status.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace kiln {

class Buffer;
class Executable;
class Queue;

/// The API family a device is driven through.
enum class Backend { OpenCL, CUDA, LevelZero, Host };
/// "opencl", "cuda", "level_zero" or "host".
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
  /// Work-items per work-group in each dimension (OpenCL
  /// CL_DEVICE_MAX_WORK_ITEM_SIZES, CUDA's block dimensions); 0: unknown.
  std::array<uint64_t, 3> maxWorkItemSizes = {0, 0, 0};
  /// Largest global extent of one dimension, and largest number of
  /// work-items, that one launch may have (OpenCL: the device's size_t,
  /// 2^CL_DEVICE_ADDRESS_BITS - 1); 0: none. Launches are also held to
  /// Kiln's own limit, 2^63 - 1 (extents and linear ids are int64).
  uint64_t maxGlobalWorkItems = 0;
  /// Bytes of private memory one work-item may use (CUDA: 512 KiB of local
  /// memory per thread); 0: unknown.
  uint64_t maxPrivateMemPerWorkItem = 0;
  /// Bytes of private memory the work-items of one work-group may use
  /// together: PoCL's CPU devices run a work-group on one thread whose
  /// stack holds every work-item's private arrays; 0: no such limit.
  uint64_t maxPrivateMemPerWorkGroup = 0;
  /// Compute units (CUDA multiprocessors, OpenCL
  /// CL_DEVICE_MAX_COMPUTE_UNITS: a CPU's cores); 0: unknown.
  uint32_t computeUnits = 0;
  /// Work-items one compute unit holds at once (CUDA's threads per
  /// multiprocessor); 0: unknown. With computeUnits, how many work-groups
  /// of a kernel that merges work-groups fill the device.
  uint32_t maxWorkItemsPerComputeUnit = 0;

  /// Capabilities checked against KernelMetadata::requiredFeatures when an
  /// executable is loaded (see checkKernelFeatures).
  std::vector<uint32_t> subGroupSizes; ///< Empty where the API reports none.
  bool supportsSubGroups = false;      ///< "sub_groups"
  bool supportsFp16 = false;           ///< "fp16"
  bool supportsFp64 = false;           ///< "fp64"
  bool supportsInt64Atomics = false;   ///< "int64_atomics"
  bool supportsFp64Atomics = false;    ///< "fp64_atomics"
  /// CUDA compute capability as major * 10 + minor (90 for sm_90); 0 on
  /// other back ends.
  unsigned computeCapability = 0;
  /// Queues may run commands out of order (QueueOptions::outOfOrder).
  bool supportsOutOfOrderQueues = false;
  /// Queues can time commands (QueueOptions::profiling).
  bool supportsProfiling = false;
  /// Buffers have device addresses (Buffer::deviceAddress, launchPacked).
  bool supportsDeviceAddresses = false;
  /// OpenCL shared virtual memory: CL_DEVICE_SVM_CAPABILITIES has at least
  /// coarse-grain buffer SVM, so buffers are clSVMAlloc allocations (this
  /// is what gives OpenCL buffers device addresses). False on other back
  /// ends, whose allocations are addressable natively.
  bool supportsSharedVirtualMemory = false;

  /// LaunchOptions fields the device honours (supportsLaunchAttribute).
  LaunchAttributeSet launchAttributes;
  /// Range of LaunchOptions::priority in CUDA numbering, where the most
  /// urgent priority is the smallest number (e.g. -5 highest, 0 lowest).
  /// CUDA reads it from the device's context: 0..0 until the device opens.
  int highestLaunchPriority = 0;
  int lowestLaunchPriority = 0;
  /// Largest LaunchOptions::accessPolicyWindow, in bytes.
  size_t maxAccessPolicyWindowBytes = 0;
};

/// Whether `device` honours `attribute` of LaunchOptions.
inline bool supportsLaunchAttribute(const DeviceInfo &device,
                                    LaunchAttribute attribute) {
  return device.launchAttributes.contains(attribute);
}

/// How a queue orders and times its commands.
struct QueueOptions {
  /// Commands may run in any order their wait lists allow.
  bool outOfOrder = false;
  /// Events of the queue carry device timestamps (Event::profilingTimes).
  bool profiling = false;
};

/// An opened device. Objects created from it keep it alive.
class Device : public std::enable_shared_from_this<Device> {
public:
  virtual ~Device() = default;
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  /// Name, back end and limits of this device.
  const DeviceInfo &info() const { return info_; }
  /// Whether launches on this device honour `attribute` of LaunchOptions.
  bool supportsLaunchAttribute(LaunchAttribute attribute) const {
    return kiln::supportsLaunchAttribute(info_, attribute);
  }

  /// Allocates `bytes` of device memory (uninitialised).
  virtual StatusOr<std::shared_ptr<Buffer>> allocateBuffer(size_t bytes) = 0;
  /// A buffer over `bytes` of memory at `address` that the runtime did not
  /// allocate and never frees (zero-copy interop: a PyTorch or CuPy tensor,
  /// a NumPy array); its owner must outlive the buffer and every command
  /// using it. CUDA: a device pointer of this device's primary context;
  /// OpenCL: host memory, on CPU devices only (CL_MEM_USE_HOST_PTR). A
  /// zero address or size is InvalidArgument; a back end or device that
  /// cannot wrap memory gives Unimplemented saying why.
  StatusOr<std::shared_ptr<Buffer>> wrapMemory(uint64_t address, size_t bytes);
  /// Creates a new in-order queue on this device.
  virtual StatusOr<std::shared_ptr<Queue>> createQueue() = 0;
  /// Creates a queue with `options`; an option the back end or device lacks
  /// is an Unimplemented error "... unsupported on '<device>'".
  StatusOr<std::shared_ptr<Queue>> createQueue(const QueueOptions &options);
  /// Loads a compiled module; its kernels are then fetched by name.
  virtual StatusOr<std::shared_ptr<Executable>>
  loadExecutable(const KernelBinary &binary) = 0;

  /// Buffers of this device not yet freed (every back end; for tests and
  /// leak hunting).
  size_t liveBufferCount() const { return liveBuffers_.load(); }
  /// The live buffer whose deviceAddress() is `address` (null if none).
  std::shared_ptr<Buffer> bufferAtAddress(uint64_t address) const;

protected:
  explicit Device(DeviceInfo info) : info_(std::move(info)) {}
  /// Back ends with out-of-order or profiling queues override this; the
  /// default serves only default options, through createQueue().
  virtual StatusOr<std::shared_ptr<Queue>>
  createQueueWithOptions(const QueueOptions &options);
  /// Back ends that can wrap foreign memory override this (arguments
  /// checked non-zero); the default refuses, naming the back end.
  virtual StatusOr<std::shared_ptr<Buffer>> wrapNativeMemory(uint64_t address,
                                                             size_t bytes);

private:
  friend class Buffer;
  DeviceInfo info_;
  mutable std::atomic<size_t> liveBuffers_{0};
  mutable std::mutex addressMutex_;
  mutable std::map<uint64_t, std::weak_ptr<const Buffer>> addresses_;
};

/// Refuses a binary with a kernel whose KernelMetadata::requiredFeatures or
/// subGroupSize `device` cannot serve; every back end's loadExecutable
/// calls this before loading.
Status checkKernelFeatures(const DeviceInfo &device,
                           const KernelBinary &binary);

/// Ok when buffers of `device` have device addresses (launchPacked works);
/// otherwise Unimplemented "device addresses of buffers are unsupported on
/// '<device>'", followed for OpenCL by the reason: the device has no shared
/// virtual memory.
Status checkDeviceAddresses(const DeviceInfo &device);

} // namespace kiln

#endif // KILN_RUNTIME_DEVICE_H
