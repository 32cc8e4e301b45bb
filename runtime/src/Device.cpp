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
    device_.addresses_[*address] = weak_from_this();
    addressRegistered_ = true;
    address_ = *address;
  }
  return address;
}

std::shared_ptr<Buffer> Device::bufferAtAddress(uint64_t address) const {
  std::lock_guard<std::mutex> lock(addressMutex_);
  auto found = addresses_.find(address);
  if (found == addresses_.end())
    return nullptr;
  return std::const_pointer_cast<Buffer>(found->second.lock());
}

} // namespace kiln
