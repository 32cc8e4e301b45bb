//===- OpenCLDeviceInfo.cpp - Querying OpenCL devices -------------------===//
//
// Platform/device enumeration and device property queries.
//
//===----------------------------------------------------------------------===//
#include "OpenCLDeviceInfo.h"

#include "OpenCLStatus.h"
#include "OpenCLSvm.h"

#include <pthread.h>

namespace kiln {
namespace {

constexpr cl_int kPlatformNotFoundKhr = -1001; // From cl_khr_icd.

StatusOr<std::vector<cl_platform_id>> allPlatforms() {
  cl_uint count = 0;
  cl_int err = clGetPlatformIDs(0, nullptr, &count);
  if (err == kPlatformNotFoundKhr || count == 0)
    return std::vector<cl_platform_id>();
  KILN_RETURN_IF_ERROR(openclStatus(err, "clGetPlatformIDs"));
  std::vector<cl_platform_id> platforms(count);
  KILN_RETURN_IF_ERROR(openclStatus(
      clGetPlatformIDs(count, platforms.data(), nullptr), "clGetPlatformIDs"));
  return platforms;
}

template <typename T>
T deviceScalar(cl_device_id device, cl_device_info param) {
  T value{};
  if (clGetDeviceInfo(device, param, sizeof(T), &value, nullptr) != CL_SUCCESS)
    return T{};
  return value;
}

DeviceType deviceType(cl_device_id device) {
  auto type = deviceScalar<cl_device_type>(device, CL_DEVICE_TYPE);
  if (type & CL_DEVICE_TYPE_CPU)
    return DeviceType::CPU;
  if (type & CL_DEVICE_TYPE_GPU)
    return DeviceType::GPU;
  return DeviceType::Other;
}

constexpr cl_device_info kSubGroupSizesIntel =
    0x4108; // cl_intel_required_subgroup_size

bool hasExtension(const std::string &extensions, const std::string &name) {
  size_t pos = 0;
  while ((pos = extensions.find(name, pos)) != std::string::npos) {
    size_t end = pos + name.size();
    bool startOk = pos == 0 || extensions[pos - 1] == ' ';
    bool endOk = end == extensions.size() || extensions[end] == ' ';
    if (startOk && endOk)
      return true;
    pos = end;
  }
  return false;
}

std::vector<uint32_t> subGroupSizes(cl_device_id device) {
  size_t bytes = 0;
  if (clGetDeviceInfo(device, kSubGroupSizesIntel, 0, nullptr, &bytes) !=
          CL_SUCCESS ||
      bytes == 0)
    return {};
  std::vector<size_t> sizes(bytes / sizeof(size_t));
  if (clGetDeviceInfo(device, kSubGroupSizesIntel, bytes, sizes.data(),
                      nullptr) != CL_SUCCESS)
    return {};
  return std::vector<uint32_t>(sizes.begin(), sizes.end());
}

/// Capabilities from the extension string and the sub-group queries.
void queryCapabilities(cl_device_id device, DeviceInfo &info) {
  std::string extensions = openclDeviceString(device, CL_DEVICE_EXTENSIONS);
  info.supportsFp16 = hasExtension(extensions, "cl_khr_fp16");
  info.supportsFp64 = hasExtension(extensions, "cl_khr_fp64") ||
                      deviceScalar<cl_device_fp_config>(
                          device, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
  info.supportsInt64Atomics =
      hasExtension(extensions, "cl_khr_int64_base_atomics");
  info.supportsFp64Atomics =
      info.supportsFp64 && hasExtension(extensions, "cl_ext_float_atomics");
  info.subGroupSizes = subGroupSizes(device);
  info.supportsSubGroups =
      !info.subGroupSizes.empty() ||
      deviceScalar<cl_uint>(device, CL_DEVICE_MAX_NUM_SUB_GROUPS) > 0;
  auto queue = deviceScalar<cl_command_queue_properties>(
      device, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES);
  info.supportsOutOfOrderQueues =
      (queue & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
  info.supportsProfiling = (queue & CL_QUEUE_PROFILING_ENABLE) != 0;
  // SVM buffers are the only OpenCL allocations with a device address.
  info.supportsSharedVirtualMemory =
      usesSharedVirtualMemory(openclSvmCapabilities(device));
  info.supportsDeviceAddresses = info.supportsSharedVirtualMemory;
}

/// Per-dimension work-group limits and the global size the device's size_t
/// holds (a global size above it is CL_INVALID_GLOBAL_WORK_SIZE, or worse:
/// PoCL asserts on a work-item count that wraps).
void queryLaunchLimits(cl_device_id device, DeviceInfo &info) {
  size_t sizes[3] = {0, 0, 0};
  cl_uint dims =
      deviceScalar<cl_uint>(device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
  if (dims >= 3 && clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                                   sizeof(sizes), sizes, nullptr) == CL_SUCCESS)
    for (size_t d = 0; d < 3; ++d)
      info.maxWorkItemSizes[d] = sizes[d];
  cl_uint bits = deviceScalar<cl_uint>(device, CL_DEVICE_ADDRESS_BITS);
  if (bits == 32)
    info.maxGlobalWorkItems = 0xffffffffull;
  else if (bits == 64)
    info.maxGlobalWorkItems = ~0ull;
}

/// PoCL's CPU devices run each work-group as one function on a worker
/// thread with the default stack, every work-item's private arrays in its
/// frame: more than the stack is a SIGSEGV. A quarter of the stack is left
/// to that frame's other contents and to PoCL (measured: 6 MiB of private
/// arrays per work-group ran on an 8 MiB stack, 8 MiB crashed).
void queryPrivateMemory(cl_device_id device, DeviceInfo &info) {
  std::string version = openclDeviceString(device, CL_DEVICE_VERSION);
  if (info.type != DeviceType::CPU || version.find("PoCL") == std::string::npos)
    return;
  pthread_attr_t attr;
  size_t stack = 0;
  if (pthread_getattr_default_np(&attr) != 0)
    return;
  if (pthread_attr_getstacksize(&attr, &stack) == 0 && stack > 0) {
    info.maxPrivateMemPerWorkGroup = stack / 4 * 3;
    info.maxPrivateMemPerWorkItem = info.maxPrivateMemPerWorkGroup;
  }
  pthread_attr_destroy(&attr);
}

} // namespace

StatusOr<std::vector<cl_device_id>> allOpenCLDevices() {
  StatusOr<std::vector<cl_platform_id>> platforms = allPlatforms();
  if (!platforms.ok())
    return platforms.status();
  std::vector<cl_device_id> devices;
  for (cl_platform_id platform : *platforms) {
    cl_uint count = 0;
    if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) !=
            CL_SUCCESS ||
        count == 0)
      continue;
    std::vector<cl_device_id> ids(count);
    KILN_RETURN_IF_ERROR(
        openclStatus(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count,
                                    ids.data(), nullptr),
                     "clGetDeviceIDs"));
    devices.insert(devices.end(), ids.begin(), ids.end());
  }
  return devices;
}

std::string openclDeviceString(cl_device_id device, cl_device_info param) {
  size_t size = 0;
  if (clGetDeviceInfo(device, param, 0, nullptr, &size) != CL_SUCCESS ||
      size == 0)
    return "";
  std::string value(size, '\0');
  if (clGetDeviceInfo(device, param, size, value.data(), nullptr) != CL_SUCCESS)
    return "";
  while (!value.empty() && value.back() == '\0')
    value.pop_back();
  return value;
}

DeviceInfo openclDeviceInfo(cl_device_id device, size_t ordinal) {
  DeviceInfo info;
  info.name = openclDeviceString(device, CL_DEVICE_NAME);
  info.selector = "opencl:" + std::to_string(ordinal);
  info.backend = Backend::OpenCL;
  info.type = deviceType(device);
  info.maxWorkGroupSize =
      deviceScalar<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  info.localMemSize = static_cast<size_t>(
      deviceScalar<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE));
  info.computeUnits =
      deviceScalar<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS);
  queryLaunchLimits(device, info);
  queryPrivateMemory(device, info);
  queryCapabilities(device, info);
  return info;
}

} // namespace kiln
