//===- NvJitLink.cpp - PTX to cubin through libnvJitLink ----------------===//
//
// Loads libnvJitLink (CUDA 12/13) with dlopen. Its entry points are exported
// both plainly and as versioned aliases (__nvJitLinkCreate_13_0); any of
// them is accepted.
//
//===----------------------------------------------------------------------===//
#include "NvJitLink.h"

#include <dlfcn.h>

namespace kiln::cuda {
namespace {

struct nvJitLinkOpaque;
using Handle = nvJitLinkOpaque *;
using Result = int;
constexpr int kInputPtx = 2; // NVJITLINK_INPUT_PTX

struct NvJitLinkSymbols {
  Result (*create)(Handle *, uint32_t, const char **) = nullptr;
  Result (*destroy)(Handle *) = nullptr;
  Result (*addData)(Handle, int, const void *, size_t, const char *) = nullptr;
  Result (*complete)(Handle) = nullptr;
  Result (*getLinkedCubinSize)(Handle, size_t *) = nullptr;
  Result (*getLinkedCubin)(Handle, void *) = nullptr;
  Result (*getErrorLogSize)(Handle, size_t *) = nullptr;
  Result (*getErrorLog)(Handle, char *) = nullptr;
};

void *openLibrary() {
  for (const char *name :
       {"libnvJitLink.so.13", "libnvJitLink.so", "libnvJitLink.so.12",
        "/usr/local/cuda/lib64/libnvJitLink.so.13",
        "/usr/local/cuda/lib64/libnvJitLink.so"})
    if (void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL))
      return library;
  return nullptr;
}

template <typename Fn> bool resolve(void *library, const char *name, Fn &out) {
  std::string base = std::string("nvJitLink") + name;
  for (const std::string &symbol :
       {base, "__" + base + "_13_0", "__" + base + "_12_0"})
    if (void *address = dlsym(library, symbol.c_str())) {
      out = reinterpret_cast<Fn>(address);
      return true;
    }
  return false;
}

StatusOr<NvJitLinkSymbols> load() {
  void *library = openLibrary();
  if (!library)
    return unavailable("libnvJitLink not found");
  NvJitLinkSymbols s;
  bool ok = resolve(library, "Create", s.create) &&
            resolve(library, "Destroy", s.destroy) &&
            resolve(library, "AddData", s.addData) &&
            resolve(library, "Complete", s.complete) &&
            resolve(library, "GetLinkedCubinSize", s.getLinkedCubinSize) &&
            resolve(library, "GetLinkedCubin", s.getLinkedCubin) &&
            resolve(library, "GetErrorLogSize", s.getErrorLogSize) &&
            resolve(library, "GetErrorLog", s.getErrorLog);
  if (!ok)
    return unavailable("libnvJitLink lacks an expected entry point");
  return s;
}

std::string errorLog(const NvJitLinkSymbols &s, Handle handle) {
  size_t size = 0;
  if (s.getErrorLogSize(handle, &size) != 0 || size == 0)
    return "";
  std::string log(size, '\0');
  s.getErrorLog(handle, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
    log.pop_back();
  return log;
}

StatusOr<std::vector<uint8_t>> link(const NvJitLinkSymbols &s, Handle handle,
                                    const std::string &ptx) {
  auto failed = [&](const char *step, Result result) {
    return internalError(std::string("nvJitLink") + step + " failed (" +
                         std::to_string(result) + "): " + errorLog(s, handle));
  };
  if (Result r =
          s.addData(handle, kInputPtx, ptx.data(), ptx.size(), "kiln.ptx"))
    return failed("AddData", r);
  if (Result r = s.complete(handle))
    return failed("Complete", r);
  size_t size = 0;
  if (Result r = s.getLinkedCubinSize(handle, &size))
    return failed("GetLinkedCubinSize", r);
  std::vector<uint8_t> cubin(size);
  if (Result r = s.getLinkedCubin(handle, cubin.data()))
    return failed("GetLinkedCubin", r);
  return cubin;
}

} // namespace

StatusOr<std::vector<uint8_t>> linkPtxToCubin(const std::string &ptx,
                                              const std::string &arch) {
  static const StatusOr<NvJitLinkSymbols> symbols = load();
  if (!symbols.ok())
    return symbols.status();
  std::string archOption = "-arch=" + arch;
  const char *options[] = {archOption.c_str()};
  Handle handle = nullptr;
  if (Result r = symbols->create(&handle, 1, options))
    return internalError("nvJitLinkCreate failed (" + std::to_string(r) +
                         ") for " + archOption);
  StatusOr<std::vector<uint8_t>> cubin = link(*symbols, handle, ptx);
  symbols->destroy(&handle);
  return cubin;
}

} // namespace kiln::cuda
