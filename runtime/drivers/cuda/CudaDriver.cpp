//===- CudaDriver.cpp - The CUDA back end's entry point -----------------===//
//
// Enumerates and opens CUDA devices ("cuda:i"). Nothing here links against
// CUDA: a machine without libcuda.so.1 gets an Unavailable status.
//
//===----------------------------------------------------------------------===//
#include "CudaDriver.h"
#include "CudaDevice.h"
#include "CudaStatus.h"
#include "kiln/runtime/Driver.h"

namespace kiln {
namespace {

StatusOr<int> deviceCount(const cuda::CudaDynamicSymbols &cu) {
  int count = 0;
  KILN_RETURN_IF_ERROR(
      cuda::cudaStatus(cu, cu.cuDeviceGetCount(&count), "cuDeviceGetCount"));
  return count;
}

class CudaDriver final : public Driver {
public:
  const char *name() const override { return "cuda"; }

  StatusOr<std::vector<DeviceInfo>> enumerateDevices() override {
    auto cu = cuda::CudaDynamicSymbols::get();
    if (!cu.ok())
      return cu.status();
    StatusOr<int> count = deviceCount(**cu);
    if (!count.ok())
      return count.status();
    std::vector<DeviceInfo> infos;
    for (int i = 0; i < *count; ++i) {
      StatusOr<cuda::CudaDeviceProperties> props =
          cuda::queryCudaDevice(**cu, i);
      if (!props.ok())
        return props.status();
      infos.push_back(props->info);
    }
    return infos;
  }

  StatusOr<std::shared_ptr<Device>> openDevice(size_t ordinal) override {
    auto cu = cuda::CudaDynamicSymbols::get();
    if (!cu.ok())
      return cu.status();
    StatusOr<int> count = deviceCount(**cu);
    if (!count.ok())
      return count.status();
    if (ordinal >= static_cast<size_t>(*count))
      return notFound("no CUDA device 'cuda:" + std::to_string(ordinal) +
                      "' (" + std::to_string(*count) + " found)");
    return cuda::CudaDevice::open(**cu, static_cast<int>(ordinal));
  }
};

} // namespace

Driver &cudaDriver() {
  static CudaDriver driver;
  return driver;
}

} // namespace kiln
