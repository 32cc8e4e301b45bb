//===- Executable.cpp - Kernel lookup by name ---------------------------===//
//
// Name lookup and caching of kernel objects, shared by every back end; the
// back end only creates the native kernel for a metadata entry.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Executable.h"

namespace kiln {
namespace {

std::string kernelNameList(const std::vector<KernelMetadata> &kernels) {
  if (kernels.empty())
    return "none";
  std::string list;
  for (const KernelMetadata &k : kernels)
    list += (list.empty() ? "" : ", ") + k.name;
  return list;
}

} // namespace

StatusOr<std::shared_ptr<Kernel>> Executable::getKernel(std::string_view name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto cached = loaded_.find(name);
  if (cached != loaded_.end())
    return cached->second;
  for (const KernelMetadata &metadata : kernels_) {
    if (metadata.name != name)
      continue;
    StatusOr<std::shared_ptr<Kernel>> kernel = createKernel(metadata);
    if (kernel.ok()) {
      (*kernel)->executable_ = weak_from_this();
      loaded_.emplace(metadata.name, *kernel);
    }
    return kernel;
  }
  return notFound(
      "no kernel '" + std::string(name) +
      "' in executable; available kernels: " + kernelNameList(kernels_));
}

} // namespace kiln
