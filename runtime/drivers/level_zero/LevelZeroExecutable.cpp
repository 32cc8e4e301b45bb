//===- LevelZeroExecutable.cpp - SPIR-V modules on Level Zero -----------===//
//
// zeModuleCreate with an empty build option string; on failure the error
// carries the text of zeModuleBuildLogGetString.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroExecutable.h"

#include "LevelZeroStatus.h"

namespace kiln::level_zero {
namespace {

/// The build log's text ("" when the driver has none); destroys the log.
std::string takeBuildLog(const LevelZeroDynamicSymbols &ze,
                         ze_module_build_log_handle_t log) {
  if (!log)
    return "";
  std::string text;
  size_t size = 0;
  if (ze.zeModuleBuildLogGetString(log, &size, nullptr) == ZE_RESULT_SUCCESS &&
      size > 0) {
    std::string buffer(size, '\0');
    if (ze.zeModuleBuildLogGetString(log, &size, buffer.data()) ==
        ZE_RESULT_SUCCESS)
      text = buffer.c_str();
  }
  ze.zeModuleBuildLogDestroy(log);
  return text;
}

} // namespace

LevelZeroExecutable::~LevelZeroExecutable() {
  device_->ze().zeModuleDestroy(module_);
}

StatusOr<std::shared_ptr<Kernel>>
LevelZeroExecutable::createKernel(const KernelMetadata &metadata) {
  ze_kernel_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC;
  desc.pKernelName = metadata.name.c_str();
  ze_kernel_handle_t kernel = nullptr;
  KILN_RETURN_IF_ERROR(
      levelZeroStatus(device_->ze().zeKernelCreate(module_, &desc, &kernel),
                      "zeKernelCreate")
          .withContext("kernel '" + metadata.name + "'"));
  return std::shared_ptr<Kernel>(std::make_shared<LevelZeroKernel>(
      shared_from_this(), device_, metadata, kernel));
}

StatusOr<std::shared_ptr<Executable>>
loadLevelZeroExecutable(std::shared_ptr<const LevelZeroDevice> device,
                        const KernelBinary &binary) {
  if (binary.format != BinaryFormat::SPIRV)
    return unimplemented("PTX binaries cannot run on Level Zero device '" +
                         device->info().name +
                         "'; compile the kernel for SPIR-V");
  const LevelZeroDynamicSymbols &ze = device->ze();
  ze_module_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
  desc.format = ZE_MODULE_FORMAT_IL_SPIRV;
  desc.inputSize = binary.data.size();
  desc.pInputModule = binary.data.data();
  desc.pBuildFlags = "";
  ze_module_handle_t module = nullptr;
  ze_module_build_log_handle_t log = nullptr;
  ze_result_t result = ze.zeModuleCreate(device->context(), device->handle(),
                                         &desc, &module, &log);
  std::string logText = takeBuildLog(ze, log);
  if (result != ZE_RESULT_SUCCESS) {
    Status failure = levelZeroStatus(result, "zeModuleCreate");
    return Status(failure.code(), failure.message() + " on '" +
                                      device->info().name + "'; build log: " +
                                      (logText.empty() ? "(empty)" : logText));
  }
  return std::shared_ptr<Executable>(
      std::make_shared<LevelZeroExecutable>(device, module, binary.kernels));
}

} // namespace kiln::level_zero
