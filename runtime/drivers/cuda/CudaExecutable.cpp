//===- CudaExecutable.cpp - PTX modules on CUDA -------------------------===//
//
// PTX -> cubin via nvJitLink for the device's architecture; if nvJitLink is
// missing or its cubin does not load (e.g. a toolkit newer than the
// driver), the driver JIT (cuModuleLoadDataEx) is used and its error log is
// quoted on failure. KILN_CUDA_DRIVER_JIT=1 forces the driver JIT.
//
//===----------------------------------------------------------------------===//
#include "CudaExecutable.h"

#include "CudaStatus.h"
#include "NvJitLink.h"

#include <cstdlib>

namespace kiln::cuda {
namespace {

constexpr size_t kLogSize = 16 * 1024;

StatusOr<CUmodule> loadCubin(const CudaDevice &device, const std::string &ptx) {
  StatusOr<std::vector<uint8_t>> cubin = linkPtxToCubin(ptx, device.arch());
  if (!cubin.ok())
    return cubin.status();
  CUmodule module = nullptr;
  KILN_RETURN_IF_ERROR(cudaStatus(
      device.cu(), device.cu().cuModuleLoadData(&module, cubin->data()),
      "cuModuleLoadData (nvJitLink cubin)"));
  return module;
}

StatusOr<CUmodule> loadPtxWithDriverJit(const CudaDevice &device,
                                        const std::string &ptx) {
  std::string errorLog(kLogSize, '\0'), infoLog(kLogSize, '\0');
  CUjit_option options[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog.data(), reinterpret_cast<void *>(kLogSize),
                    infoLog.data(), reinterpret_cast<void *>(kLogSize)};
  CUmodule module = nullptr;
  CUresult result =
      device.cu().cuModuleLoadDataEx(&module, ptx.c_str(), 4, options, values);
  if (result == CUDA_SUCCESS)
    return module;
  Status failure =
      cudaStatus(device.cu(), result, "cuModuleLoadDataEx (driver PTX JIT)");
  return Status(failure.code(), failure.message() + "; JIT log: " +
                                    std::string(errorLog.c_str()));
}

/// KILN_CUDA_DRIVER_JIT=1 skips nvJitLink (to compare or work around it).
bool driverJitForced() {
  const char *value = std::getenv("KILN_CUDA_DRIVER_JIT");
  return value && *value && std::string(value) != "0";
}

StatusOr<CUmodule> loadPtx(const CudaDevice &device, const std::string &ptx) {
  if (driverJitForced())
    return loadPtxWithDriverJit(device, ptx);
  StatusOr<CUmodule> linked = loadCubin(device, ptx);
  if (linked.ok())
    return linked;
  StatusOr<CUmodule> jitted = loadPtxWithDriverJit(device, ptx);
  if (jitted.ok() || linked.status().code() == StatusCode::Unavailable)
    return jitted;
  return internalError("cannot load PTX for " + device.arch() +
                       ": through nvJitLink: " + linked.message() +
                       "; through the driver JIT: " + jitted.message());
}

} // namespace

CudaExecutable::~CudaExecutable() {
  if (device_->makeCurrent().ok())
    device_->cu().cuModuleUnload(module_);
}

StatusOr<std::shared_ptr<Kernel>>
CudaExecutable::createKernel(const KernelMetadata &metadata) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  CUfunction function = nullptr;
  KILN_RETURN_IF_ERROR(
      cudaStatus(device_->cu(),
                 device_->cu().cuModuleGetFunction(
                     &function, module_, ptxSymbolName(metadata.name).c_str()),
                 "cuModuleGetFunction")
          .withContext("kernel '" + metadata.name + "'"));
  return std::shared_ptr<Kernel>(std::make_shared<CudaKernel>(
      shared_from_this(), *device_, metadata, function));
}

StatusOr<std::shared_ptr<Executable>>
loadCudaExecutable(std::shared_ptr<const CudaDevice> device,
                   const KernelBinary &binary) {
  if (binary.format != BinaryFormat::PTX)
    return unimplemented("SPIR-V binaries cannot run on CUDA device '" +
                         device->info().name + "'; compile the kernel for PTX");
  // PTX is text; the driver needs it NUL-terminated.
  std::string ptx(binary.data.begin(), binary.data.end());
  StatusOr<CUmodule> module = loadPtx(*device, ptx);
  if (!module.ok())
    return module.status();
  return std::shared_ptr<Executable>(
      std::make_shared<CudaExecutable>(device, *module, binary.kernels));
}

} // namespace kiln::cuda
