//===- OpenCLDeviceInfo.cpp - Querying OpenCL devices -------------------===//
//
// Platform/device enumeration and device property queries.
//
//===----------------------------------------------------------------------===//
#include "OpenCLDeviceInfo.h"

#include "OpenCLStatus.h"

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

template <typename T> T deviceScalar(cl_device_id device, cl_device_info param) {
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
    KILN_RETURN_IF_ERROR(openclStatus(
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr),
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
  return info;
}

} // namespace kiln
