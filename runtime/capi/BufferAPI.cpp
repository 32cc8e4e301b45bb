//===- BufferAPI.cpp - Asynchronous buffer commands of the C API ----------===//
//
// Queue::writeBufferAsync / readBufferAsync / copyBuffer / fillBuffer and
// Buffer::deviceAddress. The C++ queue checks ranges, devices and pattern
// sizes; only NULL pointers and wait-list entries are checked here.
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"

using namespace kiln;
using capi::guarded;

namespace {

/// Runs `submit` (returning StatusOr<shared_ptr<Event>>) after converting
/// the wait list, and hands its event to `out`.
template <typename Submit>
kiln_status_t submitCommand(const char *function, const kiln_event_t *wait,
                            size_t nwait, kiln_event_t *out, Submit &&submit) {
  return guarded(function, [&] {
    EventList waitFor;
    if (kiln_status_t s = capi::toEventList(function, wait, nwait, waitFor))
      return s;
    auto event = submit(waitFor);
    if (!event.ok())
      return capi::fromStatus(event.status());
    *out = new kiln_event{std::move(*event)};
    return capi::succeed();
  });
}

} // namespace

// Every entry point clears *out_event first, so a failed call leaves NULL.
#define KILN_CAPI_REQUIRE_COMMAND(queue)                                       \
  KILN_CAPI_REQUIRE(out_event);                                                \
  *out_event = nullptr;                                                        \
  KILN_CAPI_REQUIRE(queue);                                                    \
  if (nwait != 0)                                                              \
  KILN_CAPI_REQUIRE(wait)

extern "C" {

kiln_status_t kiln_buffer_write_async(kiln_queue_t queue, kiln_buffer_t buffer,
                                      size_t offset, const void *data,
                                      size_t size, const kiln_event_t *wait,
                                      size_t nwait, kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE_COMMAND(queue);
  KILN_CAPI_REQUIRE(buffer);
  if (size != 0)
    KILN_CAPI_REQUIRE(data);
  return submitCommand(__func__, wait, nwait, out_event,
                       [&](const EventList &waitFor) {
                         return queue->queue->writeBufferAsync(
                             *buffer->buffer, data, size, offset, waitFor);
                       });
}

kiln_status_t kiln_buffer_read_async(kiln_queue_t queue, kiln_buffer_t buffer,
                                     size_t offset, void *data, size_t size,
                                     const kiln_event_t *wait, size_t nwait,
                                     kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE_COMMAND(queue);
  KILN_CAPI_REQUIRE(buffer);
  if (size != 0)
    KILN_CAPI_REQUIRE(data);
  return submitCommand(__func__, wait, nwait, out_event,
                       [&](const EventList &waitFor) {
                         return queue->queue->readBufferAsync(
                             *buffer->buffer, data, size, offset, waitFor);
                       });
}

kiln_status_t kiln_buffer_copy(kiln_queue_t queue, kiln_buffer_t src,
                               size_t src_offset, kiln_buffer_t dst,
                               size_t dst_offset, size_t size,
                               const kiln_event_t *wait, size_t nwait,
                               kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE_COMMAND(queue);
  KILN_CAPI_REQUIRE(src);
  KILN_CAPI_REQUIRE(dst);
  return submitCommand(
      __func__, wait, nwait, out_event, [&](const EventList &waitFor) {
        return queue->queue->copyBuffer(*src->buffer, src_offset, *dst->buffer,
                                        dst_offset, size, waitFor);
      });
}

kiln_status_t kiln_buffer_fill(kiln_queue_t queue, kiln_buffer_t buffer,
                               const void *pattern, size_t pattern_size,
                               size_t offset, size_t size,
                               const kiln_event_t *wait, size_t nwait,
                               kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE_COMMAND(queue);
  KILN_CAPI_REQUIRE(buffer);
  KILN_CAPI_REQUIRE(pattern);
  return submitCommand(
      __func__, wait, nwait, out_event, [&](const EventList &waitFor) {
        return queue->queue->fillBuffer(*buffer->buffer, pattern, pattern_size,
                                        offset, size, waitFor);
      });
}

kiln_status_t kiln_buffer_device_address(kiln_buffer_t buffer, uint64_t *out) {
  KILN_CAPI_REQUIRE(buffer);
  KILN_CAPI_REQUIRE(out);
  return guarded(__func__, [&] {
    auto address = buffer->buffer->deviceAddress();
    if (!address.ok())
      return capi::fromStatus(address.status());
    *out = *address;
    return capi::succeed();
  });
}

} // extern "C"
