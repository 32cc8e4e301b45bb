//===- Device.cpp - Back-end independent device and buffer logic --------===//
//
// Spelling of Backend values, queue creation with options (the default for
// back ends without out-of-order or profiling queues), and the live-buffer
// count every Buffer keeps on its device.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Device.h"

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Unreachable.h"

namespace kiln {

const char *backendName(Backend backend) {
  switch (backend) {
  case Backend::OpenCL:
    return "opencl";
  case Backend::CUDA:
    return "cuda";
  case Backend::LevelZero:
    return "level_zero";
  case Backend::Host:
    return "host";
  }
  KILN_UNREACHABLE("the switch on backend covers every value");
}

StatusOr<std::shared_ptr<Queue>>
Device::createQueue(const QueueOptions &options) {
  if (options.outOfOrder && !info_.supportsOutOfOrderQueues)
    return unimplemented("out-of-order queues are unsupported on '" +
                         info_.name + "'");
  if (options.profiling && !info_.supportsProfiling)
    return unimplemented("profiling queues are unsupported on '" + info_.name +
                         "'");
  return createQueueWithOptions(options);
}

StatusOr<std::shared_ptr<Queue>>
Device::createQueueWithOptions(const QueueOptions &options) {
  if (options.outOfOrder || options.profiling)
    return unimplemented("queue options are unsupported on '" + info_.name +
                         "'");
  return createQueue();
}

StatusOr<std::shared_ptr<Buffer>> Device::wrapMemory(uint64_t address,
                                                     size_t bytes) {
  if (address == 0)
    return invalidArgument("cannot wrap memory at address 0 on '" + info_.name +
                           "'");
  if (bytes == 0)
    return invalidArgument("cannot wrap 0 bytes on '" + info_.name +
                           "' (allocate an empty buffer instead)");
  if (address + bytes < address)
    return invalidArgument("wrapping " + std::to_string(bytes) + " bytes at " +
                           std::to_string(address) +
                           " runs past the end of the address space");
  return wrapNativeMemory(address, bytes);
}

StatusOr<std::shared_ptr<Buffer>> Device::wrapNativeMemory(uint64_t, size_t) {
  return unimplemented("wrapping memory Kiln did not allocate is unsupported "
                       "on '" +
                       info_.name + "' (the " + backendName(info_.backend) +
                       " back end)");
}

Buffer::Buffer(const Device &device, size_t size)
    : device_(device), keepDevice_(device.weak_from_this().lock()),
      size_(size) {
  ++device_.liveBuffers_;
}

Buffer::~Buffer() {
  if (addressRegistered_) {
    std::lock_guard<std::mutex> lock(device_.addressMutex_);
    auto it = device_.addresses_.find(address_);
    // A newer buffer at the same address may have replaced this entry.
    if (it != device_.addresses_.end() && it->second.expired())
      device_.addresses_.erase(it);
  }
  --device_.liveBuffers_;
}

StatusOr<uint64_t> Buffer::nativeDeviceAddress() const {
  Status unsupported = checkDeviceAddresses(device_.info());
  if (!unsupported.ok())
    return unsupported;
  return unimplemented("device addresses of buffers are unsupported on '" +
                       device_.info().name + "'");
}

StatusOr<uint64_t> Buffer::deviceAddress() const {
  StatusOr<uint64_t> address = nativeDeviceAddress();
  if (address.ok()) {
    std::lock_guard<std::mutex> lock(device_.addressMutex_);
    std::weak_ptr<const Buffer> &entry = device_.addresses_[*address];
    // A wrap of a live buffer's memory (the same address) leaves the
    // buffer that owns it registered.
    if (!wrapped_ || entry.expired()) {
      entry = weak_from_this();
      addressRegistered_ = true;
      address_ = *address;
    }
  }
  return address;
}

uint64_t Buffer::baseAlignment() const {
  constexpr uint64_t kAllocationAlignment = 16, kLargest = 256;
  if (!wrapped_)
    return kAllocationAlignment;
  uint64_t alignment = 1;
  while (alignment < kLargest && wrappedAddress_ % (alignment * 2) == 0)
    alignment *= 2;
  return alignment;
}

std::shared_ptr<Buffer> Device::bufferAtAddress(uint64_t address) const {
  std::lock_guard<std::mutex> lock(addressMutex_);
  auto found = addresses_.find(address);
  if (found == addresses_.end())
    return nullptr;
  return std::const_pointer_cast<Buffer>(found->second.lock());
}

} // namespace kiln
