//===- DeviceInfoAPI.cpp - Device discovery and properties of the C API ---===//
//
// kiln::DeviceInfo as kiln_device_info_t, for opened devices and for the
// snapshot of kiln::listDevices a kiln_device_list_t holds. The struct is
// growable: only the fields that fit the caller's struct_size are written,
// so a caller built against an older header keeps working.
//
//===----------------------------------------------------------------------===//
#include "kiln/capi/Handles.h"
#include "kiln/runtime/DeviceSelection.h"

#include <cstring>

using namespace kiln;
using capi::guarded;

// The list owns the DeviceInfo values the filled structs point into.
struct kiln_device_list {
  std::vector<DeviceInfo> devices;
};

namespace {

kiln_backend_t toCBackend(Backend backend) {
  switch (backend) {
  case Backend::CUDA:
    return KILN_BACKEND_CUDA;
  case Backend::LevelZero:
    return KILN_BACKEND_LEVEL_ZERO;
  case Backend::Host:
    return KILN_BACKEND_HOST;
  case Backend::OpenCL:
    break;
  }
  return KILN_BACKEND_OPENCL;
}

kiln_device_type_t toCType(DeviceType type) {
  switch (type) {
  case DeviceType::CPU:
    return KILN_DEVICE_TYPE_CPU;
  case DeviceType::GPU:
    return KILN_DEVICE_TYPE_GPU;
  case DeviceType::Other:
    break;
  }
  return KILN_DEVICE_TYPE_OTHER;
}

/// The InvalidArgument error of a struct too small for even its header.
kiln_status_t checkStructSize(const char *function,
                              const kiln_device_info_t *out) {
  if (out->struct_size >= sizeof(size_t))
    return KILN_STATUS_OK;
  return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                    std::string(function) + ": out->struct_size is " +
                        std::to_string(out->struct_size) +
                        " (initialise it with kiln_device_info_init)");
}

/// Writes `info` into the first out->struct_size bytes of `out`.
void fill(const DeviceInfo &info, kiln_device_info_t *out) {
  kiln_device_info_t full;
  std::memset(&full, 0, sizeof(full));
  full.name = info.name.c_str();
  full.selector = info.selector.c_str();
  full.backend = toCBackend(info.backend);
  full.type = toCType(info.type);
  full.max_work_group_size = info.maxWorkGroupSize;
  full.local_mem_size = info.localMemSize;
  full.sub_group_sizes =
      info.subGroupSizes.empty() ? nullptr : info.subGroupSizes.data();
  full.sub_group_size_count = info.subGroupSizes.size();
  full.supports_sub_groups = info.supportsSubGroups;
  full.supports_fp16 = info.supportsFp16;
  full.supports_fp64 = info.supportsFp64;
  full.supports_int64_atomics = info.supportsInt64Atomics;
  full.supports_fp64_atomics = info.supportsFp64Atomics;
  full.compute_capability = info.computeCapability;
  full.supports_out_of_order_queues = info.supportsOutOfOrderQueues;
  full.supports_profiling = info.supportsProfiling;
  full.supports_device_addresses = info.supportsDeviceAddresses;
  full.supports_shared_virtual_memory = info.supportsSharedVirtualMemory;
  size_t size =
      out->struct_size < sizeof(full) ? out->struct_size : sizeof(full);
  full.struct_size = out->struct_size;
  std::memcpy(out, &full, size);
}

} // namespace

extern "C" {

void kiln_device_info_init(kiln_device_info_t *info) {
  if (!info)
    return;
  std::memset(info, 0, sizeof(*info));
  info->struct_size = sizeof(*info);
}

kiln_status_t kiln_device_info(kiln_device_t device, kiln_device_info_t *out) {
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(out);
  if (kiln_status_t s = checkStructSize(__func__, out))
    return s;
  fill(device->device->info(), out);
  return capi::succeed();
}

kiln_status_t kiln_device_list_create(kiln_device_list_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  return guarded(__func__, [&] {
    auto devices = listDevices();
    if (!devices.ok())
      return capi::fromStatus(devices.status());
    *out = new kiln_device_list{std::move(*devices)};
    return capi::succeed();
  });
}

kiln_status_t kiln_device_list_count(kiln_device_list_t list, size_t *out) {
  KILN_CAPI_REQUIRE(list);
  KILN_CAPI_REQUIRE(out);
  *out = list->devices.size();
  return capi::succeed();
}

kiln_status_t kiln_device_list_info(kiln_device_list_t list, size_t index,
                                    kiln_device_info_t *out) {
  KILN_CAPI_REQUIRE(list);
  KILN_CAPI_REQUIRE(out);
  if (kiln_status_t s = checkStructSize(__func__, out))
    return s;
  if (index >= list->devices.size())
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(__func__) + ": index " +
                          std::to_string(index) + " is out of range (" +
                          std::to_string(list->devices.size()) + " devices)");
  fill(list->devices[index], out);
  return capi::succeed();
}

void kiln_device_list_release(kiln_device_list_t list) { delete list; }

} // extern "C"
