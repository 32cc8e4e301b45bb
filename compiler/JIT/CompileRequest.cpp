//===- CompileRequest.cpp - Cache key and provenance of a request ---------===//
#include "compiler/JIT/CompileRequest.h"
#include "compiler/Driver/SourceLoader.h"
#include "compiler/Target/TargetBackend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"

#include <dlfcn.h>

using namespace kiln;

namespace {

/// A type's spelling without blanks, as keys show it: "Array[float32,2]".
std::string canonicalType(const Type &type) {
  std::string out;
  for (char c : type.str())
    if (!llvm::isSpace(c))
      out.push_back(c);
  return out;
}

/// The size and modification time of the file holding this compiler (the
/// executable, or the shared library embedding it): a rebuilt compiler
/// whose version numbers did not change must not get the old one's
/// binaries from a disk cache.
std::string compilerBuild() {
  static const std::string build = [] {
    Dl_info info;
    std::string path;
    if (::dladdr(reinterpret_cast<void *>(&compilerBuild), &info) &&
        info.dli_fname)
      path = info.dli_fname;
    llvm::sys::fs::file_status status;
    if (path.empty() || llvm::sys::fs::status(path, status))
      path = llvm::sys::fs::getMainExecutable(
          nullptr, reinterpret_cast<void *>(&compilerBuild));
    if (path.empty() || llvm::sys::fs::status(path, status))
      return std::string("unknown");
    return std::to_string(status.getSize()) + " bytes, modified " +
           std::to_string(
               status.getLastModificationTime().time_since_epoch().count());
  }();
  return build;
}

/// A pass placement in the key, only when set: keys of requests that keep
/// the default (`Auto`, which the target decides) are unchanged.
void addPlacement(CacheKey &key, llvm::StringRef name,
                  PassPlacement placement) {
  if (placement != PassPlacement::Auto)
    key.add("options", name,
            placement == PassPlacement::Always ? "always" : "never");
}

} // namespace

llvm::Expected<CacheKey> kiln::buildCacheKey(const CompileRequest &request,
                                             FileDigester digestFile) {
  CacheKey key;
  key.add("toolchain", "kiln version",
          std::string(kilnVersion()) + " (compiler ABI " +
              std::to_string(kCompilerABIVersion) + ")");
  key.add("toolchain", "llvm version", LLVM_VERSION_STRING);
  key.add("toolchain", "compiler build", compilerBuild());
  key.add("source", "language",
          languageOfPath(request.filename) == SourceLanguage::KilnMLIR
              ? "kiln-mlir"
              : "kernel");
  key.add("source", "filename", request.filename);
  key.add("source", "source", toHex(sha256(request.source)), true);
  key.add("kernel", "kernel", request.kernel.empty() ? "*" : request.kernel);
  const Specialization &spec = request.specialization;
  if (!spec.kernel.empty() && spec.kernel != request.kernel)
    key.add("specialization", "specialized kernel", spec.kernel);
  for (const auto &[name, type] : spec.types)
    key.add("specialization", "parameter '" + name + "'", canonicalType(type));
  for (const auto &[name, value] : spec.constants)
    key.add("constant", "constant '" + name + "'", canonicalConstant(value));
  for (const std::string &name : request.aligned16)
    key.add("alignment", "16-byte alignment of '" + name + "'", "yes");
  const TargetBackend &backend = getTargetBackend(request.target);
  key.add("target", "target", backend.getName());
  if (backend.hasArch())
    key.add("arch", "arch", backend.describeArch(request.arch));
  key.add("options", "opt level", "O" + std::to_string(request.optLevel));
  key.add("options", "debug", request.debug ? "on" : "off");
  key.add("options", "numba typing", request.numbaTyping ? "on" : "off");
  key.add("options", "argument-block entries",
          request.argumentBlockEntries ? "on" : "off");
  key.add("options", "launch rank",
          request.launchRank ? std::to_string(request.launchRank) : "any");
  addPlacement(key, "elementwise coarsening", request.coarsenElementwise);
  addPlacement(key, "work-group merging", request.mergeWorkGroups);
  // Only when set: keys of requests without it are unchanged.
  if (request.distinctArrays)
    key.add("aliasing", "distinct array arguments", "yes");
  for (const std::string &path : request.bitcodeLibraries) {
    llvm::Expected<Digest> digest = digestFile(path);
    if (!digest)
      return digest.takeError();
    key.add("library", "library '" + path + "'", toHex(*digest), true);
  }
  // The back end's libraries are linked only when the kernel calls into
  // them, but keyed always: finding out would need the compile the cache
  // is there to avoid.
  BackendOptions options;
  options.libdevicePath = request.libdevicePath;
  for (const DeviceLibrary &library : backend.getDeviceLibraries(options)) {
    if (library.path.empty()) {
      key.add("library", library.name, "none");
      continue;
    }
    llvm::Expected<Digest> digest = digestFile(library.path);
    if (!digest)
      return digest.takeError();
    key.add("library", library.name, toHex(*digest), true);
  }
  return key;
}

KernelBinaryProperties kiln::artifactProperties(const CompileRequest &request) {
  std::vector<Specialization> specializations;
  const Specialization &spec = request.specialization;
  if (!spec.types.empty() || !spec.constants.empty()) {
    specializations.push_back(spec);
    if (specializations[0].kernel.empty())
      specializations[0].kernel = request.kernel;
  }
  KernelBinaryProperties properties = artifactProperties(
      request.target, request.kernel, specializations, request.aligned16);
  if (request.distinctArrays)
    properties.push_back({"jit.distinct_arrays", "yes"});
  return properties;
}
