//===- CudaDynamicSymbols.cpp - libcuda.so.1 loaded at run time ---------===//
//
// dlopen of the driver, symbol resolution and cuInit, done once per process.
// The library stays loaded for the life of the process.
//
//===----------------------------------------------------------------------===//
#include "CudaDynamicSymbols.h"

#include "CudaStatus.h"

#include <dlfcn.h>

namespace kiln::cuda {
namespace {

constexpr const char *kDriverLibrary = "libcuda.so.1";

std::string lastDlError() {
  const char *error = dlerror();
  return error ? error : "unknown dynamic loader error";
}

Status resolveAll(void *library, CudaDynamicSymbols &table) {
#define KILN_CUDA_SYMBOL(member, symbol, params)                               \
  table.member =                                                               \
      reinterpret_cast<decltype(table.member)>(dlsym(library, symbol));        \
  if (!table.member)                                                           \
    return unavailable(                                                        \
        std::string("CUDA driver lacks ") + symbol +                           \
        " (Kiln needs a CUDA 12 or newer driver): " + lastDlError());
#include "CudaDriverSymbols.def"
#undef KILN_CUDA_SYMBOL
  return Status();
}

StatusOr<const CudaDynamicSymbols *> load() {
  void *library = dlopen(kDriverLibrary, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return unavailable("no CUDA driver found: " + lastDlError());
  static CudaDynamicSymbols table;
  Status resolved = resolveAll(library, table);
  if (!resolved.ok())
    return resolved;
  Status init = cudaStatus(table, table.cuInit(0), "cuInit");
  if (!init.ok())
    return unavailable("CUDA driver failed to initialise: " + init.message());
  return &table;
}

} // namespace

StatusOr<const CudaDynamicSymbols *> CudaDynamicSymbols::get() {
  static const StatusOr<const CudaDynamicSymbols *> loaded = load();
  return loaded;
}

} // namespace kiln::cuda
