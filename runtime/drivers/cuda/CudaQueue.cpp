//===- CudaQueue.cpp - An in-order CUDA stream --------------------------===//
//
// Translates a PackedLaunch into a cuLaunchKernelEx parameter array and
// grid. A plain Range rounds the grid up to whole blocks (the kernel guards
// with its range arguments); an NdRange uses the local range as the block.
//
//===----------------------------------------------------------------------===//
#include "CudaQueue.h"

#include "CudaBuffer.h"
#include "CudaEvent.h"
#include "CudaExecutable.h"
#include "CudaStatus.h"

#include <cstring>

namespace kiln::cuda {
namespace {

/// Block shape for a plain Range of `dims` dimensions.
std::array<int64_t, 3> defaultBlock(unsigned dims) {
  switch (dims) {
  case 1:
    return {256, 1, 1};
  case 2:
    return {32, 8, 1};
  default:
    return {16, 4, 4};
  }
}

StatusOr<CUlaunchConfig> launchConfig(const CudaDevice &device,
                                      const LaunchGeometry &geometry,
                                      CUstream stream) {
  std::array<int64_t, 3> block =
      geometry.local ? *geometry.local : defaultBlock(geometry.dims);
  std::array<int64_t, 3> grid;
  for (size_t d = 0; d < 3; ++d) {
    grid[d] = (geometry.global[d] + block[d] - 1) / block[d];
    if (grid[d] > device.maxGrid()[d])
      return invalidArgument("range dimension " + std::to_string(d) + " of " +
                             std::to_string(geometry.global[d]) +
                             " needs a grid of " + std::to_string(grid[d]) +
                             " blocks; the device allows " +
                             std::to_string(device.maxGrid()[d]));
  }
  CUlaunchConfig config{};
  config.gridDimX = static_cast<unsigned>(grid[0]);
  config.gridDimY = static_cast<unsigned>(grid[1]);
  config.gridDimZ = static_cast<unsigned>(grid[2]);
  config.blockDimX = static_cast<unsigned>(block[0]);
  config.blockDimY = static_cast<unsigned>(block[1]);
  config.blockDimZ = static_cast<unsigned>(block[2]);
  config.hStream = stream;
  return config;
}

/// Parameter storage: one 8-byte slot per native argument, and the pointer
/// array cuLaunchKernelEx reads them through.
struct ParameterArray {
  std::vector<uint64_t> slots;
  std::vector<void *> pointers;
};

ParameterArray packParameters(const std::vector<PackedArg> &args) {
  ParameterArray params;
  params.slots.resize(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const PackedArg &arg = args[i];
    if (arg.kind == PackedArg::Kind::BufferPointer)
      params.slots[i] = static_cast<const CudaBuffer &>(*arg.buffer).pointer();
    else
      std::memcpy(&params.slots[i], arg.bytes.data(), arg.size);
    params.pointers.push_back(&params.slots[i]);
  }
  return params;
}

CUdeviceptr pointerOf(const Buffer &buffer, size_t offset) {
  return static_cast<const CudaBuffer &>(buffer).pointer() + offset;
}

} // namespace

CudaQueue::~CudaQueue() {
  if (device_->makeCurrent().ok()) {
    device_->cu().cuStreamSynchronize(stream_);
    device_->cu().cuStreamDestroy(stream_);
  }
}

Status CudaQueue::synchronize() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  return cudaStatus(device_->cu(), device_->cu().cuStreamSynchronize(stream_),
                    "cuStreamSynchronize");
}

Status CudaQueue::finish() {
  KILN_RETURN_IF_ERROR(synchronize());
  return runTrackedChecks();
}

Status CudaQueue::write(Buffer &dst, const void *src, size_t bytes,
                        size_t offset) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu, cu.cuMemcpyHtoDAsync(pointerOf(dst, offset), src, bytes, stream_),
      "cuMemcpyHtoDAsync"));
  return synchronize();
}

Status CudaQueue::read(const Buffer &src, void *dst, size_t bytes,
                       size_t offset) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu, cu.cuMemcpyDtoHAsync(dst, pointerOf(src, offset), bytes, stream_),
      "cuMemcpyDtoHAsync"));
  return synchronize();
}

Status CudaQueue::waitForEvents(const EventList &events) {
  const CudaDynamicSymbols &cu = device_->cu();
  for (const std::shared_ptr<Event> &event : events)
    KILN_RETURN_IF_ERROR(cudaStatus(
        cu,
        cu.cuStreamWaitEvent(
            stream_, static_cast<const CudaEvent &>(*event).handle(), 0),
        "cuStreamWaitEvent"));
  return Status();
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submit(const std::string &what, const EventList &waitFor,
                  const std::function<Status()> &enqueue) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  KILN_RETURN_IF_ERROR(waitForEvents(waitFor));
  const CudaDynamicSymbols &cu = device_->cu();
  unsigned flags = options().profiling ? 0u : CU_EVENT_DISABLE_TIMING;
  CUevent start = nullptr, end = nullptr;
  if (options().profiling) {
    KILN_RETURN_IF_ERROR(
        cudaStatus(cu, cu.cuEventCreate(&start, flags), "cuEventCreate"));
    KILN_RETURN_IF_ERROR(
        cudaStatus(cu, cu.cuEventRecord(start, stream_), "cuEventRecord"));
  }
  Status enqueued = enqueue();
  if (!enqueued.ok()) {
    if (start)
      cu.cuEventDestroy(start);
    return enqueued;
  }
  if (Status created = cudaStatus(cu, cu.cuEventCreate(&end, flags),
                                  "cuEventCreate");
      !created.ok()) {
    if (start)
      cu.cuEventDestroy(start);
    return created;
  }
  auto event = std::make_shared<CudaEvent>(device_, end, what, start);
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuEventRecord(end, stream_), "cuEventRecord"));
  return std::shared_ptr<Event>(event);
}

Status CudaQueue::reserveSharedMemory(const Kernel &kernel,
                                      uint64_t dynamicBytes) {
  if (dynamicBytes + kernel.metadata().staticLocalMemBytes <=
      kDefaultDynamicSharedLimit)
    return Status();
  CUfunction function = static_cast<const CudaKernel &>(kernel).function();
  return cudaStatus(device_->cu(),
                    device_->cu().cuFuncSetAttribute(
                        function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                        static_cast<int>(dynamicBytes)),
                    "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitKernel(const Kernel &kernel, const PackedLaunch &launch,
                        const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  StatusOr<CUlaunchConfig> config =
      launchConfig(*device_, launch.geometry, stream_);
  if (!config.ok())
    return config.status();
  config->sharedMemBytes = static_cast<unsigned>(launch.dynamicLocalMemBytes);
  KILN_RETURN_IF_ERROR(reserveSharedMemory(kernel, launch.dynamicLocalMemBytes));
  ParameterArray params = packParameters(launch.args);
  const CudaDynamicSymbols &cu = device_->cu();
  CUfunction function = static_cast<const CudaKernel &>(kernel).function();
  return submit("kernel '" + kernel.name() + "'", waitFor, [&] {
    return cudaStatus(cu,
                      cu.cuLaunchKernelEx(&*config, function,
                                          params.pointers.data(), nullptr),
                      "cuLaunchKernelEx");
  });
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitWrite(Buffer &dst, size_t offset, const void *src,
                       size_t bytes, const EventList &waitFor) {
  const CudaDynamicSymbols &cu = device_->cu();
  return submit("write", waitFor, [&] {
    return cudaStatus(
        cu, cu.cuMemcpyHtoDAsync(pointerOf(dst, offset), src, bytes, stream_),
        "cuMemcpyHtoDAsync");
  });
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitRead(const Buffer &src, size_t offset, void *dst,
                      size_t bytes, const EventList &waitFor) {
  const CudaDynamicSymbols &cu = device_->cu();
  return submit("read", waitFor, [&] {
    return cudaStatus(
        cu, cu.cuMemcpyDtoHAsync(dst, pointerOf(src, offset), bytes, stream_),
        "cuMemcpyDtoHAsync");
  });
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitCopy(const Buffer &src, size_t srcOffset, Buffer &dst,
                      size_t dstOffset, size_t bytes, const EventList &waitFor) {
  const CudaDynamicSymbols &cu = device_->cu();
  return submit("copy", waitFor, [&] {
    return cudaStatus(cu,
                      cu.cuMemcpyDtoDAsync(pointerOf(dst, dstOffset),
                                           pointerOf(src, srcOffset), bytes,
                                           stream_),
                      "cuMemcpyDtoDAsync");
  });
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitFill(Buffer &dst, size_t offset, size_t bytes,
                      const void *pattern, size_t patternSize,
                      const EventList &waitFor) {
  if (patternSize > 4)
    return unimplemented("fill patterns of " + std::to_string(patternSize) +
                         " bytes are unsupported on '" + device_->info().name +
                         "' (CUDA memsets take 1, 2 or 4 bytes)");
  const CudaDynamicSymbols &cu = device_->cu();
  CUdeviceptr target = pointerOf(dst, offset);
  return submit("fill", waitFor, [&] {
    size_t count = bytes / patternSize;
    if (patternSize == 1)
      return cudaStatus(
          cu,
          cu.cuMemsetD8Async(target, *static_cast<const uint8_t *>(pattern),
                             count, stream_),
          "cuMemsetD8Async");
    if (patternSize == 2) {
      uint16_t value;
      std::memcpy(&value, pattern, 2);
      return cudaStatus(cu, cu.cuMemsetD16Async(target, value, count, stream_),
                        "cuMemsetD16Async");
    }
    uint32_t value;
    std::memcpy(&value, pattern, 4);
    return cudaStatus(cu, cu.cuMemsetD32Async(target, value, count, stream_),
                      "cuMemsetD32Async");
  });
}

} // namespace kiln::cuda
