//===- LevelZeroBuffer.h - Device memory from zeMemAllocDevice --*- C++ -*-===//
//
// A Buffer backed by a device allocation of the device's context; keeps the
// device (and so the context) alive and frees the allocation with zeMemFree.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROBUFFER_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROBUFFER_H

#include "LevelZeroDevice.h"
#include "kiln/runtime/Buffer.h"

namespace kiln::level_zero {

/// Owns one device allocation.
class LevelZeroBuffer final : public Buffer {
public:
  LevelZeroBuffer(std::shared_ptr<const LevelZeroDevice> device, void *pointer,
                  size_t size)
      : Buffer(*device, size), device_(std::move(device)), pointer_(pointer) {}
  ~LevelZeroBuffer() override {
    device_->ze().zeMemFree(device_->context(), pointer_);
  }

  void *pointer() const { return pointer_; }

protected:
  /// zeMemAllocDevice memory is USM: the pointer is what kernels see.
  StatusOr<uint64_t> nativeDeviceAddress() const override {
    return reinterpret_cast<uint64_t>(pointer_);
  }

private:
  std::shared_ptr<const LevelZeroDevice> device_;
  void *pointer_;
};

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROBUFFER_H
