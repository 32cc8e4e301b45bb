//===- Buffer.h - A device memory allocation --------------------*- C++ -*-===//
//
// Buffers hold kernel array arguments. Host data moves in and out through a
// Queue (Queue::writeBuffer/readBuffer), so that transfers are ordered with
// kernel launches on that queue.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_BUFFER_H
#define KILN_RUNTIME_BUFFER_H

#include <cstddef>

namespace kiln {

class Device;

/// A device allocation of fixed size, owned by one device.
class Buffer {
public:
  virtual ~Buffer() = default;
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  /// Size in bytes requested at allocation.
  size_t size() const { return size_; }
  /// The device the memory lives on.
  const Device &device() const { return device_; }

protected:
  Buffer(const Device &device, size_t size) : device_(device), size_(size) {}

private:
  const Device &device_;
  size_t size_;
};

} // namespace kiln

#endif // KILN_RUNTIME_BUFFER_H
