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

Status CudaQueue::finish() {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  return cudaStatus(device_->cu(), device_->cu().cuStreamSynchronize(stream_),
                    "cuStreamSynchronize");
}

Status CudaQueue::write(Buffer &dst, const void *src, size_t bytes,
                        size_t offset) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu, cu.cuMemcpyHtoDAsync(pointerOf(dst, offset), src, bytes, stream_),
      "cuMemcpyHtoDAsync"));
  return finish();
}

Status CudaQueue::read(const Buffer &src, void *dst, size_t bytes,
                       size_t offset) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  const CudaDynamicSymbols &cu = device_->cu();
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu, cu.cuMemcpyDtoHAsync(dst, pointerOf(src, offset), bytes, stream_),
      "cuMemcpyDtoHAsync"));
  return finish();
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

StatusOr<std::shared_ptr<Event>> CudaQueue::recordEvent(const std::string &what) {
  const CudaDynamicSymbols &cu = device_->cu();
  CUevent event = nullptr;
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu, cu.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING), "cuEventCreate"));
  auto wrapped = std::make_shared<CudaEvent>(device_, event, what);
  KILN_RETURN_IF_ERROR(
      cudaStatus(cu, cu.cuEventRecord(event, stream_), "cuEventRecord"));
  return std::shared_ptr<Event>(wrapped);
}

StatusOr<std::shared_ptr<Event>>
CudaQueue::submitKernel(const Kernel &kernel, const PackedLaunch &launch,
                        const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(device_->makeCurrent());
  StatusOr<CUlaunchConfig> config =
      launchConfig(*device_, launch.geometry, stream_);
  if (!config.ok())
    return config.status();
  KILN_RETURN_IF_ERROR(waitForEvents(waitFor));
  ParameterArray params = packParameters(launch.args);
  const CudaDynamicSymbols &cu = device_->cu();
  CUfunction function = static_cast<const CudaKernel &>(kernel).function();
  KILN_RETURN_IF_ERROR(cudaStatus(
      cu, cu.cuLaunchKernelEx(&*config, function, params.pointers.data(), nullptr),
      "cuLaunchKernelEx"));
  return recordEvent("kernel '" + kernel.name() + "'");
}

} // namespace kiln::cuda
