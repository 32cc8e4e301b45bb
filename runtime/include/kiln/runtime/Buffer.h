//===- Buffer.h - A device memory allocation --------------------*- C++ -*-===//
//
// Buffers hold kernel array arguments. Host data moves in and out through a
// Queue (Queue::writeBuffer/readBuffer), so that transfers are ordered with
// kernel launches on that queue.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_BUFFER_H
#define KILN_RUNTIME_BUFFER_H

#include "kiln/runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace kiln {

class Device;

/// A device allocation of fixed size, owned by one device. Each live buffer
/// is counted by its device (Device::liveBufferCount).
class Buffer : public std::enable_shared_from_this<Buffer> {
public:
  virtual ~Buffer();
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  /// Size in bytes requested at allocation.
  size_t size() const { return size_; }
  /// The device the memory lives on.
  const Device &device() const { return device_; }

  /// The address kernels see for the first byte (CUdeviceptr on CUDA, the
  /// SVM pointer on OpenCL devices with shared virtual memory), for
  /// launchPacked blobs; Unimplemented "... unsupported on '<device>'"
  /// (with the reason, see checkDeviceAddresses) where the device has
  /// none: DeviceInfo::supportsDeviceAddresses says so beforehand. The
  /// device remembers the address so a packed launch can find the buffer
  /// again.
  StatusOr<uint64_t> deviceAddress() const;

  /// Whether the buffer wraps memory the runtime did not allocate
  /// (Device::wrapMemory): the runtime never frees it, its owner must
  /// outlive the buffer.
  bool isWrapped() const { return wrapped_; }
  /// Bytes the first byte's address is known to be aligned to: at least
  /// 16 for the runtime's own allocations (allocation bases); for wrapped
  /// memory the largest power of two dividing its address (at most 256),
  /// which the compiler's 16-byte alignment specialization must respect.
  uint64_t baseAlignment() const;

protected:
  Buffer(const Device &device, size_t size);
  /// Back ends with device addresses override this.
  virtual StatusOr<uint64_t> nativeDeviceAddress() const;
  /// Called by a back end's wrapped buffer: memory at `address` (a host
  /// pointer or a device address) that the runtime does not own.
  void markWrapped(uint64_t address) {
    wrapped_ = true;
    wrappedAddress_ = address;
  }

private:
  const Device &device_;
  /// Keeps the device alive until the count is decremented in ~Buffer (a
  /// back end's own reference dies first, with the derived object).
  std::shared_ptr<const Device> keepDevice_;
  size_t size_;
  mutable bool addressRegistered_ = false;
  mutable uint64_t address_ = 0;
  bool wrapped_ = false;
  uint64_t wrappedAddress_ = 0;
};

} // namespace kiln

#endif // KILN_RUNTIME_BUFFER_H
