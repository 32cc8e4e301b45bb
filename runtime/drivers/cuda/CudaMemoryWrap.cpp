//===- CudaMemoryWrap.cpp - Buffers over memory Kiln did not allocate ----===//
//
// Device::wrapMemory on CUDA: a CUdeviceptr from another library (PyTorch,
// CuPy) becomes a Buffer that launches pass as is (zero copy). Those
// libraries allocate in the device's primary context, the one Kiln uses,
// so their pointers are valid in Kiln's launches; a pointer of another
// device or context, host memory, or a range past the allocation is
// refused here rather than faulting in a kernel later.
//
//===----------------------------------------------------------------------===//
#include "CudaBuffer.h"
#include "CudaDevice.h"
#include "CudaStatus.h"

#include <cstdio>
#include <string>

namespace kiln::cuda {
namespace {

std::string hex(uint64_t value) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(value));
  return text;
}

} // namespace

Status CudaDevice::checkForeignPointer(CUdeviceptr address,
                                       size_t bytes) const {
  const std::string what = "wrapping " + std::to_string(bytes) + " bytes at " +
                           hex(address) + " on '" + info().name + "'";
  unsigned memoryType = 0;
  if (cu_.cuPointerGetAttribute(&memoryType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                address) != CUDA_SUCCESS)
    return invalidArgument(what + ": not memory the CUDA driver knows (a host "
                                  "pointer, or freed memory?)");
  if (memoryType == CU_MEMORYTYPE_HOST)
    return invalidArgument(what + ": host memory, not device memory");
  int ordinal = -1;
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu_,
                 cu_.cuPointerGetAttribute(
                     &ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, address),
                 "cuPointerGetAttribute"));
  CUdevice owner = -1;
  if (cu_.cuDeviceGet(&owner, ordinal) != CUDA_SUCCESS || owner != device_)
    return invalidArgument(what + ": the memory is on CUDA device " +
                           std::to_string(ordinal) +
                           " (open 'cuda:" + std::to_string(ordinal) + "')");
  // Memory mapped with the virtual memory API has no context (null); any
  // other context than the primary one is not usable by Kiln's launches.
  CUcontext context = nullptr;
  if (cu_.cuPointerGetAttribute(&context, CU_POINTER_ATTRIBUTE_CONTEXT,
                                address) == CUDA_SUCCESS &&
      context != nullptr && context != context_)
    return invalidArgument(what +
                           ": the memory belongs to a CUDA context other than "
                           "the device's primary context, which Kiln uses");
  CUdeviceptr base = 0;
  size_t size = 0;
  if (memoryType == CU_MEMORYTYPE_DEVICE &&
      cu_.cuMemGetAddressRange(&base, &size, address) == CUDA_SUCCESS &&
      address - base + bytes > size)
    return invalidArgument(what + ": the allocation holds only " +
                           std::to_string(size - (address - base)) +
                           " bytes from there");
  return Status();
}

StatusOr<std::shared_ptr<Buffer>> CudaDevice::wrapNativeMemory(uint64_t address,
                                                               size_t bytes) {
  KILN_RETURN_IF_ERROR(makeCurrent());
  KILN_RETURN_IF_ERROR(checkForeignPointer(address, bytes));
  auto self = std::static_pointer_cast<const CudaDevice>(shared_from_this());
  return std::shared_ptr<Buffer>(std::make_shared<CudaBuffer>(
      self, address, bytes, CudaBuffer::Wrapped{}));
}

} // namespace kiln::cuda
