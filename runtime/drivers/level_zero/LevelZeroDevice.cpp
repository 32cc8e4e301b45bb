//===- LevelZeroDevice.cpp - An opened Level Zero device ----------------===//
//
// Device properties, context lifetime, allocation and immediate command
// list creation. Module loading lives in LevelZeroExecutable.cpp.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroDevice.h"

#include "LevelZeroBuffer.h"
#include "LevelZeroExecutable.h"
#include "LevelZeroQueue.h"
#include "LevelZeroStatus.h"

#include <algorithm>
#include <cstring>

namespace kiln::level_zero {
namespace {

DeviceType deviceType(ze_device_type_t type) {
  switch (type) {
  case ZE_DEVICE_TYPE_GPU:
    return DeviceType::GPU;
  case ZE_DEVICE_TYPE_CPU:
    return DeviceType::CPU;
  default:
    return DeviceType::Other;
  }
}

/// The first queue group that runs compute work (usually ordinal 0).
StatusOr<uint32_t> computeQueueOrdinal(const LevelZeroDynamicSymbols &ze,
                                       ze_device_handle_t device) {
  uint32_t count = 0;
  KILN_RETURN_IF_ERROR(levelZeroStatus(
      ze.zeDeviceGetCommandQueueGroupProperties(device, &count, nullptr),
      "zeDeviceGetCommandQueueGroupProperties"));
  std::vector<ze_command_queue_group_properties_t> groups(count);
  for (ze_command_queue_group_properties_t &group : groups)
    group.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
  KILN_RETURN_IF_ERROR(levelZeroStatus(
      ze.zeDeviceGetCommandQueueGroupProperties(device, &count, groups.data()),
      "zeDeviceGetCommandQueueGroupProperties"));
  for (uint32_t i = 0; i < count; ++i)
    if (groups[i].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE)
      return i;
  return unimplemented("Level Zero device has no compute queue group");
}

/// Fills the capability fields of DeviceInfo (checkKernelFeatures reads
/// them): fp16/fp64/int64 atomics from the module properties, fp64 atomics
/// from the float-atomics extension (absent: unsupported), sub-group sizes
/// from the compute properties. In-order queues without profiling and
/// without device addresses (LevelZeroQueue, LevelZeroBuffer); no launch
/// attributes (LaunchOptions are refused before submission).
Status setCapabilities(const LevelZeroDynamicSymbols &ze,
                       ze_device_handle_t device,
                       const ze_device_compute_properties_t &compute,
                       DeviceInfo &info) {
  ze_float_atomic_ext_properties_t atomics{};
  atomics.stype = ZE_STRUCTURE_TYPE_FLOAT_ATOMIC_EXT_PROPERTIES;
  ze_device_module_properties_t module{};
  module.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES;
  module.pNext = &atomics;
  if (ze.zeDeviceGetModuleProperties(device, &module) != ZE_RESULT_SUCCESS) {
    // A driver refusing the extension structure: ask without it.
    atomics = ze_float_atomic_ext_properties_t{};
    module.pNext = nullptr;
    KILN_RETURN_IF_ERROR(
        levelZeroStatus(ze.zeDeviceGetModuleProperties(device, &module),
                        "zeDeviceGetModuleProperties"));
  }
  info.supportsFp16 = module.flags & ZE_DEVICE_MODULE_FLAG_FP16;
  info.supportsFp64 = module.flags & ZE_DEVICE_MODULE_FLAG_FP64;
  info.supportsInt64Atomics =
      module.flags & ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS;
  info.supportsFp64Atomics =
      info.supportsFp64 &&
      (atomics.fp64Flags & ZE_DEVICE_FP_ATOMIC_EXT_FLAG_GLOBAL_ADD);
  uint32_t sizes =
      std::min<uint32_t>(compute.numSubGroupSizes, ZE_SUBGROUPSIZE_COUNT);
  info.subGroupSizes.assign(compute.subGroupSizes,
                            compute.subGroupSizes + sizes);
  info.supportsSubGroups = !info.subGroupSizes.empty();
  info.supportsOutOfOrderQueues = false;
  info.supportsProfiling = false;
  info.supportsDeviceAddresses = true; // USM device allocations
  info.launchAttributes = LaunchAttributeSet();
  return Status();
}

} // namespace

StatusOr<LevelZeroDeviceProperties>
queryLevelZeroDevice(const LevelZeroDynamicSymbols &ze,
                     const LevelZeroDeviceHandle &handle, size_t ordinal) {
  ze_device_properties_t device{};
  device.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(ze.zeDeviceGetProperties(handle.device, &device),
                      "zeDeviceGetProperties"));
  ze_device_compute_properties_t compute{};
  compute.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES;
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(ze.zeDeviceGetComputeProperties(handle.device, &compute),
                      "zeDeviceGetComputeProperties"));
  LevelZeroDeviceProperties props;
  props.info.name =
      std::string(device.name, strnlen(device.name, ZE_MAX_DEVICE_NAME));
  props.info.selector = "level_zero:" + std::to_string(ordinal);
  props.info.backend = Backend::LevelZero;
  props.info.type = deviceType(device.type);
  props.info.maxWorkGroupSize = compute.maxTotalGroupSize;
  props.info.localMemSize = compute.maxSharedLocalMemory;
  props.info.maxWorkItemSizes = {compute.maxGroupSizeX, compute.maxGroupSizeY,
                                 compute.maxGroupSizeZ};
  KILN_RETURN_IF_ERROR(setCapabilities(ze, handle.device, compute, props.info)
                           .withContext("device '" + props.info.name + "'"));
  props.limits.maxTotalSize = compute.maxTotalGroupSize;
  props.limits.maxSize = {compute.maxGroupSizeX, compute.maxGroupSizeY,
                          compute.maxGroupSizeZ};
  props.limits.maxCount = {compute.maxGroupCountX, compute.maxGroupCountY,
                           compute.maxGroupCountZ};
  StatusOr<uint32_t> queueOrdinal = computeQueueOrdinal(ze, handle.device);
  if (!queueOrdinal.ok())
    return queueOrdinal.status().withContext("device '" + props.info.name +
                                             "'");
  props.computeQueueOrdinal = *queueOrdinal;
  return props;
}

StatusOr<std::shared_ptr<Device>>
LevelZeroDevice::open(const LevelZeroDynamicSymbols &ze,
                      const LevelZeroDeviceHandle &handle, size_t ordinal) {
  StatusOr<LevelZeroDeviceProperties> props =
      queryLevelZeroDevice(ze, handle, ordinal);
  if (!props.ok())
    return props.status();
  ze_context_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
  ze_context_handle_t context = nullptr;
  KILN_RETURN_IF_ERROR(levelZeroStatus(
      ze.zeContextCreate(handle.driver, &desc, &context), "zeContextCreate"));
  return std::shared_ptr<Device>(
      new LevelZeroDevice(ze, handle, context, std::move(*props)));
}

LevelZeroDevice::~LevelZeroDevice() { ze_.zeContextDestroy(context_); }

StatusOr<std::shared_ptr<Buffer>>
LevelZeroDevice::allocateBuffer(size_t bytes) {
  ze_device_mem_alloc_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC;
  void *pointer = nullptr;
  // Zero-byte allocations are rejected; a zero-byte Buffer still gets one.
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(ze_.zeMemAllocDevice(context_, &desc,
                                           std::max<size_t>(bytes, 1), 64,
                                           handle_.device, &pointer),
                      "zeMemAllocDevice")
          .withContext("allocating " + std::to_string(bytes) + " bytes on '" +
                       info().name + "'"));
  auto self =
      std::static_pointer_cast<const LevelZeroDevice>(shared_from_this());
  return std::shared_ptr<Buffer>(
      std::make_shared<LevelZeroBuffer>(self, pointer, bytes));
}

StatusOr<std::shared_ptr<Queue>> LevelZeroDevice::createQueue() {
  ze_command_queue_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  desc.ordinal = properties_.computeQueueOrdinal;
  desc.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  desc.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL;
  ze_command_list_handle_t list = nullptr;
  KILN_RETURN_IF_ERROR(levelZeroStatus(
      ze_.zeCommandListCreateImmediate(context_, handle_.device, &desc, &list),
      "zeCommandListCreateImmediate"));
  auto self =
      std::static_pointer_cast<const LevelZeroDevice>(shared_from_this());
  return std::shared_ptr<Queue>(std::make_shared<LevelZeroQueue>(self, list));
}

StatusOr<std::shared_ptr<Executable>>
LevelZeroDevice::loadExecutable(const KernelBinary &binary) {
  KILN_RETURN_IF_ERROR(checkKernelFeatures(info(), binary));
  return loadLevelZeroExecutable(
      std::static_pointer_cast<const LevelZeroDevice>(shared_from_this()),
      binary);
}

} // namespace kiln::level_zero
