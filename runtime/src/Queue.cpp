//===- Queue.cpp - Checks shared by every back end's queue --------------===//
//
// Host<->device copies are range- and device-checked here once, so back ends
// only issue the native copy.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Queue.h"

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"

namespace kiln {

Status Queue::checkTransfer(const Buffer &buffer, const void *host,
                            size_t bytes, size_t offset) const {
  if (&buffer.device() != &device_)
    return invalidArgument("buffer belongs to device '" +
                           buffer.device().info().name + "', queue to '" +
                           device_.info().name + "'");
  if (offset > buffer.size() || bytes > buffer.size() - offset)
    return invalidArgument("copy of " + std::to_string(bytes) +
                           " bytes at offset " + std::to_string(offset) +
                           " overruns a buffer of " +
                           std::to_string(buffer.size()) + " bytes");
  if (bytes != 0 && host == nullptr)
    return invalidArgument("null host pointer for a copy of " +
                           std::to_string(bytes) + " bytes");
  return Status();
}

Status Queue::writeBuffer(Buffer &dst, const void *src, size_t bytes,
                          size_t offset) {
  KILN_RETURN_IF_ERROR(checkTransfer(dst, src, bytes, offset));
  if (bytes == 0)
    return Status();
  return write(dst, src, bytes, offset);
}

Status Queue::readBuffer(const Buffer &src, void *dst, size_t bytes,
                         size_t offset) {
  KILN_RETURN_IF_ERROR(checkTransfer(src, dst, bytes, offset));
  if (bytes == 0)
    return Status();
  return read(src, dst, bytes, offset);
}

} // namespace kiln
