//===- OpenCLDevice.cpp - An opened OpenCL device -----------------------===//
//
// Context creation and the allocation/queue factories of the OpenCL back
// end: buffers are SVM allocations where the device has shared virtual
// memory, cl_mem objects otherwise. Program loading lives in
// OpenCLExecutable.cpp.
//
//===----------------------------------------------------------------------===//
#include "OpenCLDevice.h"

#include "OpenCLBuffer.h"
#include "OpenCLExecutable.h"
#include "OpenCLQueue.h"
#include "OpenCLStatus.h"
#include "OpenCLSvmBuffer.h"

#include <algorithm>

namespace kiln {

StatusOr<std::shared_ptr<Device>> OpenCLDevice::open(cl_device_id id,
                                                     DeviceInfo info) {
  cl_int err = CL_SUCCESS;
  cl_context context = clCreateContext(nullptr, 1, &id, nullptr, nullptr, &err);
  KILN_RETURN_IF_ERROR(openclStatus(err, "clCreateContext"));
  return std::shared_ptr<Device>(
      new OpenCLDevice(id, context, std::move(info)));
}

OpenCLDevice::~OpenCLDevice() { clReleaseContext(context_); }

StatusOr<std::shared_ptr<Buffer>> OpenCLDevice::allocateBuffer(size_t bytes) {
  if (usesSharedVirtualMemory())
    return allocateSvmBuffer(bytes);
  cl_int err = CL_SUCCESS;
  // OpenCL rejects empty buffers; a zero-byte Buffer still gets a handle.
  cl_mem mem = clCreateBuffer(context_, CL_MEM_READ_WRITE,
                              std::max<size_t>(bytes, 1), nullptr, &err);
  KILN_RETURN_IF_ERROR(openclStatus(err, "clCreateBuffer")
                           .withContext("allocating " + std::to_string(bytes) +
                                        " bytes on '" + info().name + "'"));
  return std::shared_ptr<Buffer>(
      std::make_shared<OpenCLBuffer>(shared_from_this(), mem, bytes));
}

StatusOr<std::shared_ptr<Buffer>>
OpenCLDevice::allocateSvmBuffer(size_t bytes) {
  // Like clCreateBuffer, clSVMAlloc refuses zero bytes; alignment 0 is the
  // device's largest data type, as for cl_mem buffers.
  void *pointer =
      clSVMAlloc(context_, CL_MEM_READ_WRITE, std::max<size_t>(bytes, 1), 0);
  if (!pointer) {
    // clSVMAlloc returns no error code: tell the size limit from the rest.
    std::string what = "allocating " + std::to_string(bytes) + " bytes on '" +
                       info().name + "'";
    cl_ulong largest = 0;
    clGetDeviceInfo(id_, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(largest),
                    &largest, nullptr);
    if (largest != 0 && bytes > largest)
      return invalidArgument(what +
                             ": above the device's largest allocation "
                             "of " +
                             std::to_string(largest) +
                             " bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE)");
    return internalError(what + ": clSVMAlloc failed (out of memory)");
  }
  return std::shared_ptr<Buffer>(std::make_shared<OpenCLSvmBuffer>(
      shared_from_this(), context_, pointer, bytes));
}

StatusOr<std::shared_ptr<Buffer>>
OpenCLDevice::wrapNativeMemory(uint64_t address, size_t bytes) {
  // Kernels of a CPU device run on the host, so CL_MEM_USE_HOST_PTR lets
  // them use the memory itself; a GPU's implementation may copy it to the
  // device and back at each map, which is no zero-copy wrap.
  if (info().type != DeviceType::CPU)
    return unimplemented("wrapping host memory is unsupported on '" +
                         info().name +
                         "': only OpenCL CPU devices run kernels on the "
                         "host's memory (copy the data into a buffer)");
  void *host = reinterpret_cast<void *>(static_cast<uintptr_t>(address));
  cl_int err = CL_SUCCESS;
  cl_mem mem = clCreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                              bytes, host, &err);
  KILN_RETURN_IF_ERROR(openclStatus(err, "clCreateBuffer")
                           .withContext("wrapping " + std::to_string(bytes) +
                                        " bytes of host memory on '" +
                                        info().name + "'"));
  return std::shared_ptr<Buffer>(
      std::make_shared<OpenCLBuffer>(shared_from_this(), mem, bytes, host));
}

StatusOr<std::shared_ptr<Queue>> OpenCLDevice::createQueue() {
  return createQueueWithOptions(QueueOptions{});
}

StatusOr<std::shared_ptr<Queue>>
OpenCLDevice::createQueueWithOptions(const QueueOptions &options) {
  cl_command_queue_properties flags = 0;
  if (options.outOfOrder)
    flags |= CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
  if (options.profiling)
    flags |= CL_QUEUE_PROFILING_ENABLE;
  const cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, flags, 0};
  cl_int err = CL_SUCCESS;
  cl_command_queue queue = clCreateCommandQueueWithProperties(
      context_, id_, flags ? properties : nullptr, &err);
  KILN_RETURN_IF_ERROR(openclStatus(err, "clCreateCommandQueueWithProperties"));
  return std::shared_ptr<Queue>(std::make_shared<OpenCLQueue>(
      std::static_pointer_cast<const OpenCLDevice>(shared_from_this()), queue,
      options));
}

StatusOr<std::shared_ptr<Executable>>
OpenCLDevice::loadExecutable(const KernelBinary &binary) {
  KILN_RETURN_IF_ERROR(checkKernelFeatures(info(), binary));
  return loadOpenCLExecutable(
      std::static_pointer_cast<const OpenCLDevice>(shared_from_this()), binary);
}

} // namespace kiln
