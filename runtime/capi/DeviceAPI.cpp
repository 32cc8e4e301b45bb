//===- DeviceAPI.cpp - Devices, queues and buffers of the C API -----------===//
//
// Thin wrappers over kiln::openDevice, Device, Queue and Buffer: check the
// handles, call the C++ runtime, hand back its status.
//
//===----------------------------------------------------------------------===//
#include "kiln/capi/Handles.h"
#include "kiln/runtime/DeviceSelection.h"

using namespace kiln;
using capi::guarded;

extern "C" {

kiln_status_t kiln_device_open(const char *selector, kiln_device_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(selector);
  return guarded(__func__, [&] {
    auto device = openDevice(selector);
    if (!device.ok())
      return capi::fromStatus(device.status());
    *out = new kiln_device{std::move(*device)};
    return capi::succeed();
  });
}

kiln_status_t kiln_device_name(kiln_device_t device, const char **out) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(out);
  *out = device->device->info().name.c_str();
  return capi::succeed();
}

kiln_status_t kiln_device_backend(kiln_device_t device, kiln_backend_t *out) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(out);
  switch (device->device->info().backend) {
  case Backend::OpenCL:
    *out = KILN_BACKEND_OPENCL;
    return capi::succeed();
  case Backend::CUDA:
    *out = KILN_BACKEND_CUDA;
    return capi::succeed();
  case Backend::LevelZero:
    *out = KILN_BACKEND_LEVEL_ZERO;
    return capi::succeed();
  case Backend::Host:
    *out = KILN_BACKEND_HOST;
    return capi::succeed();
  }
  return capi::fail(KILN_STATUS_UNIMPLEMENTED,
                    "kiln_device_backend: the device's back end has no "
                    "kiln_backend_t value yet");
}

kiln_status_t kiln_device_max_work_group_size(kiln_device_t device,
                                              size_t *out) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(out);
  *out = device->device->info().maxWorkGroupSize;
  return capi::succeed();
}

kiln_status_t kiln_device_local_mem_size(kiln_device_t device, size_t *out) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(out);
  *out = device->device->info().localMemSize;
  return capi::succeed();
}

void kiln_device_release(kiln_device_t device) { delete device; }

kiln_status_t kiln_queue_create(kiln_device_t device, kiln_queue_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(device);
  return guarded(__func__, [&] {
    auto queue = device->device->createQueue();
    if (!queue.ok())
      return capi::fromStatus(queue.status());
    *out = new kiln_queue{std::move(*queue)};
    return capi::succeed();
  });
}

kiln_status_t kiln_queue_finish(kiln_queue_t queue) {
  KILN_CAPI_REQUIRE(queue);
  return guarded(__func__,
                 [&] { return capi::fromStatus(queue->queue->finish()); });
}

kiln_status_t kiln_queue_marker(kiln_queue_t queue, kiln_event_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(queue);
  return guarded(__func__, [&] {
    StatusOr<std::shared_ptr<Event>> marker = queue->queue->marker();
    if (!marker.ok())
      return capi::fromStatus(marker.status());
    *out = new kiln_event{std::move(*marker)};
    return capi::succeed();
  });
}

kiln_status_t kiln_queue_native_handle(kiln_queue_t queue, void **out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(queue);
  *out = queue->queue->nativeHandle();
  if (*out == nullptr)
    return capi::fail(
        KILN_STATUS_UNIMPLEMENTED,
        std::string("kiln_queue_native_handle: the ") +
            kiln::backendName(queue->queue->device().info().backend) +
            " back end has no queue object to share");
  return capi::succeed();
}

void kiln_queue_release(kiln_queue_t queue) { delete queue; }

kiln_status_t kiln_buffer_create(kiln_device_t device, size_t size,
                                 kiln_buffer_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(device);
  return guarded(__func__, [&] {
    auto buffer = device->device->allocateBuffer(size);
    if (!buffer.ok())
      return capi::fromStatus(buffer.status());
    *out = new kiln_buffer{std::move(*buffer)};
    return capi::succeed();
  });
}

kiln_status_t kiln_buffer_wrap(kiln_device_t device, uint64_t address,
                               size_t size, kiln_buffer_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(device);
  return guarded(__func__, [&] {
    auto buffer = device->device->wrapMemory(address, size);
    if (!buffer.ok())
      return capi::fromStatus(buffer.status());
    *out = new kiln_buffer{std::move(*buffer)};
    return capi::succeed();
  });
}

kiln_status_t kiln_buffer_size(kiln_buffer_t buffer, size_t *out) {
  KILN_CAPI_REQUIRE(buffer);
  KILN_CAPI_REQUIRE(out);
  *out = buffer->buffer->size();
  return capi::succeed();
}

kiln_status_t kiln_buffer_write(kiln_queue_t queue, kiln_buffer_t buffer,
                                const void *data, size_t size) {
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(buffer);
  if (size != 0)
    KILN_CAPI_REQUIRE(data);
  return guarded(__func__, [&] {
    return capi::fromStatus(
        queue->queue->writeBuffer(*buffer->buffer, data, size));
  });
}

kiln_status_t kiln_buffer_read(kiln_queue_t queue, kiln_buffer_t buffer,
                               void *data, size_t size) {
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(buffer);
  if (size != 0)
    KILN_CAPI_REQUIRE(data);
  return guarded(__func__, [&] {
    return capi::fromStatus(
        queue->queue->readBuffer(*buffer->buffer, data, size));
  });
}

void kiln_buffer_release(kiln_buffer_t buffer) { delete buffer; }

} // extern "C"
