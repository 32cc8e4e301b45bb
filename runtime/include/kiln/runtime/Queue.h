//===- Queue.h - An in-order submission queue -------------------*- C++ -*-===//
//
// Work submitted to one queue runs in submission order. Buffer transfers are
// queue operations so they order with kernel launches; launches go through
// kiln::launch (Launch.h), which checks and packs arguments and then calls
// the driver's submitKernel.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_QUEUE_H
#define KILN_RUNTIME_QUEUE_H

#include "kiln/runtime/Event.h"
#include "kiln/runtime/PackedLaunch.h"
#include "kiln/runtime/Status.h"

#include <cstddef>
#include <memory>

namespace kiln {

class Buffer;
class Device;
class Kernel;

/// An in-order queue on one device.
class Queue {
public:
  virtual ~Queue() = default;
  Queue(const Queue &) = delete;
  Queue &operator=(const Queue &) = delete;

  const Device &device() const { return device_; }

  /// Copies `bytes` from host `src` into `dst` at `offset`, after all work
  /// submitted before; returns when the copy is done.
  Status writeBuffer(Buffer &dst, const void *src, size_t bytes,
                     size_t offset = 0);
  /// Copies `bytes` of `src` at `offset` to host `dst`, after all work
  /// submitted before; returns when the data is on the host.
  Status readBuffer(const Buffer &src, void *dst, size_t bytes,
                    size_t offset = 0);
  /// Blocks until all submitted work is done.
  virtual Status finish() = 0;

  /// Driver-facing: submits a launch already checked and packed by
  /// kiln::launch. Applications call kiln::launch / kiln::launchAsync.
  /// `waitFor` holds only pending events of this device.
  virtual StatusOr<std::shared_ptr<Event>>
  submitKernel(const Kernel &kernel, const PackedLaunch &launch,
               const EventList &waitFor) = 0;

protected:
  explicit Queue(const Device &device) : device_(device) {}
  /// Back end copies; range and device already checked.
  virtual Status write(Buffer &dst, const void *src, size_t bytes,
                       size_t offset) = 0;
  virtual Status read(const Buffer &src, void *dst, size_t bytes,
                      size_t offset) = 0;

private:
  Status checkTransfer(const Buffer &buffer, const void *host, size_t bytes,
                       size_t offset) const;

  const Device &device_;
};

} // namespace kiln

#endif // KILN_RUNTIME_QUEUE_H
