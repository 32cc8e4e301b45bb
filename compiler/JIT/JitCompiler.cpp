//===- JitCompiler.cpp - Kiln's embeddable JIT compiler -------------------===//
//
// compile() = key → memory cache → disk cache → compile (SourceLoader,
// selectKernel, compileKilnModule) → both caches. The key's components are
// kept per kernel name so a changed one can be named (KILN_LOG=jit).
//
//===----------------------------------------------------------------------===//
#include "compiler/JIT/JitCompiler.h"
#include "compiler/Driver/SourceLoader.h"
#include "compiler/Driver/ToolSupport.h"
#include "compiler/JIT/DiskCache.h"
#include "compiler/Target/PTX/PTXSerializer.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

using namespace kiln;

namespace {

using Clock = std::chrono::steady_clock;

/// Array parameters the caller guarantees 16-byte aligned carry
/// `kiln.align = 16`, which the lowering turns into `llvm.align 16` on the
/// kernel's pointer argument (wider, vectorizable loads and stores).
void markAligned16(mlir::ModuleOp module, const std::set<std::string> &names) {
  if (names.empty())
    return;
  module.walk([&](kiln::KernelOp kernel) {
    for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
      if (llvm::isa<kiln::ArrayType>(kernel.getArgumentTypes()[i]) &&
          names.count(kernel.getParamName(i)))
        kernel.setArgAttr(
            i, "kiln.align",
            mlir::IntegerAttr::get(
                mlir::IntegerType::get(module.getContext(), 64), 16));
  });
}

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

bool verboseFromEnvironment() {
  const char *value = std::getenv("KILN_LOG");
  if (!value)
    return false;
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(value).split(parts, ',');
  for (llvm::StringRef part : parts)
    if (part.trim() == "jit" || part.trim() == "all")
      return true;
  return false;
}

/// Content digest of one library file, memoised on (size, mtime).
struct FileDigest {
  uint64_t size = 0;
  llvm::sys::TimePoint<> mtime;
  Digest digest{};
};

/// What the memory cache holds per key.
struct MemoryEntry {
  std::shared_ptr<const KernelBinary> binary;
  std::string log;
  StageTimings timings;
  double frontendMs = 0;
};

} // namespace

struct JitCompiler::Impl {
  std::unique_ptr<mlir::MLIRContext> context;
  bool memoryCache = true;
  std::unique_ptr<DiskCache> disk;
  llvm::raw_ostream *log = nullptr;
  bool verbose = false;

  /// Guards everything below; never held during a compilation.
  mutable std::mutex stateMutex;
  std::unordered_map<std::string, std::shared_ptr<const MemoryEntry>> memory;
  std::map<std::string, CacheKey> lastKeys;
  std::map<std::string, std::vector<RecompileReason>> lastReasons;
  std::map<std::string, FileDigest> fileDigests;
  std::set<std::string> knownArches;
  JitStats stats;
  /// One compilation at a time on `context`; also serialises disk writes.
  std::mutex compileMutex;

  llvm::Expected<Digest> digestFile(const std::string &path);
  /// isValidCudaArch builds a TargetMachine (~35 us): remember answers.
  bool isKnownArch(const std::string &arch) {
    {
      std::lock_guard<std::mutex> lock(stateMutex);
      if (knownArches.count(arch))
        return true;
    }
    if (!isValidCudaArch(arch))
      return false;
    std::lock_guard<std::mutex> lock(stateMutex);
    knownArches.insert(arch);
    return true;
  }
  llvm::Expected<MemoryEntry> compileFresh(const CompileRequest &request);
  void note(const std::string &line) {
    std::lock_guard<std::mutex> lock(logMutex);
    *log << "kiln-jit: " << line << "\n";
    log->flush();
  }
  std::mutex logMutex;
};

llvm::Expected<Digest> JitCompiler::Impl::digestFile(const std::string &path) {
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(path, status))
    return llvm::createStringError(ec, "cannot read device library '" + path +
                                           "': " + ec.message());
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    auto it = fileDigests.find(path);
    if (it != fileDigests.end() && it->second.size == status.getSize() &&
        it->second.mtime == status.getLastModificationTime())
      return it->second.digest;
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read device library '" + path +
                                       "': " + buffer.getError().message());
  Digest digest = sha256((*buffer)->getBuffer());
  std::lock_guard<std::mutex> lock(stateMutex);
  fileDigests[path] = {status.getSize(), status.getLastModificationTime(),
                       digest};
  return digest;
}

llvm::Expected<MemoryEntry>
JitCompiler::Impl::compileFresh(const CompileRequest &request) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  auto failure = [&](llvm::StringRef what) {
    std::string text = diagnostics;
    while (!text.empty() && text.back() == '\n')
      text.pop_back();
    if (text.empty())
      text = (what + " of '" + request.filename + "' failed").str();
    return llvm::createStringError(text);
  };

  auto start = Clock::now();
  SourceDiagnostics sourceDiagnostics(*context, request.source,
                                      request.filename, os);
  LoadOptions loadOptions;
  Specialization spec = request.specialization;
  if (spec.kernel.empty())
    spec.kernel = request.kernel;
  // A (possibly empty) specialization of the requested kernel also leaves
  // the module's other generic kernels out: the JIT compiles what it
  // launches, even from a module whose other kernels are unspecialized.
  bool isKernelSource =
      languageOfPath(request.filename) == SourceLanguage::Kernel;
  if (!spec.kernel.empty() &&
      (isKernelSource || !spec.types.empty() || !spec.constants.empty()))
    loadOptions.specializations.push_back(std::move(spec));
  auto module =
      loadKilnModule(*context, request.source, request.filename,
                     languageOfPath(request.filename), os, loadOptions);
  if (mlir::failed(module) || !*module)
    return failure("loading");
  if (!request.kernel.empty() &&
      mlir::failed(selectKernel(module->get(), request.kernel)))
    return failure("kernel selection");
  markAligned16(module->get(), request.aligned16);
  MemoryEntry entry;
  entry.frontendMs = msSince(start);

  CompileOptions options;
  options.target = request.target;
  options.arch = request.arch;
  options.optLevel = request.optLevel;
  options.debug = request.debug;
  options.argumentBlockEntries = request.argumentBlockEntries;
  options.launchRank = request.launchRank;
  options.bitcodeLibraries = request.bitcodeLibraries;
  options.libdevicePath = request.libdevicePath;
  StageHooks hooks;
  hooks.timings = &entry.timings;
  llvm::Expected<KernelBinary> binary =
      compileKilnModule(module->get(), options, hooks);
  if (!binary) {
    std::string message = llvm::toString(binary.takeError());
    os << message;
    return failure("compilation");
  }
  entry.log = diagnostics;
  entry.binary = std::make_shared<const KernelBinary>(std::move(*binary));
  return entry;
}

const char *kiln::cacheOriginName(CacheOrigin origin) {
  switch (origin) {
  case CacheOrigin::Memory:
    return "memory cache hit";
  case CacheOrigin::Disk:
    return "disk cache hit";
  case CacheOrigin::Compiled:
    return "compiled";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// JitCompiler
//===----------------------------------------------------------------------===//

JitCompiler::JitCompiler(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
JitCompiler::~JitCompiler() = default;

std::unique_ptr<JitCompiler> JitCompiler::create(JitOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->context = createCompilerContext();
  // Kernel modules are small: no thread pool per compiler.
  impl->context->disableMultithreading();
  bool enabled = cacheEnabledByEnvironment();
  impl->memoryCache = options.memoryCache.value_or(enabled);
  std::string directory = options.cacheDirectory.empty()
                              ? cacheDirectoryFromEnvironment()
                              : options.cacheDirectory;
  if (options.diskCache.value_or(enabled) && !directory.empty())
    impl->disk = std::make_unique<DiskCache>(
        directory,
        options.cacheMaxBytes.value_or(cacheMaxBytesFromEnvironment()));
  impl->log = options.log ? options.log : &llvm::errs();
  impl->verbose = options.verbose.value_or(verboseFromEnvironment());
  return std::unique_ptr<JitCompiler>(new JitCompiler(std::move(impl)));
}

llvm::Expected<CacheKey>
JitCompiler::computeKey(const CompileRequest &request) {
  return buildCacheKey(
      request, [&](const std::string &path) { return impl->digestFile(path); });
}

llvm::Expected<CompiledKernel>
JitCompiler::compile(const CompileRequest &request) {
  auto start = Clock::now();
  if (request.optLevel > 3)
    return llvm::createStringError(
        "opt level " + std::to_string(request.optLevel) + " is not 0..3");
  if (request.target == TargetKind::PTX && !impl->isKnownArch(request.arch))
    return llvm::createStringError("unknown CUDA architecture '" +
                                   request.arch + "'");
  llvm::Expected<CacheKey> key = computeKey(request);
  if (!key)
    return key.takeError();
  Digest digest = key->digest();
  std::string hex = toHex(digest);
  std::string kernelName = request.kernel.empty() ? "*" : request.kernel;

  CompiledKernel result;
  result.key = hex;
  result.aligned16.assign(request.aligned16.begin(), request.aligned16.end());
  auto finish = [&](const MemoryEntry &entry, CacheOrigin origin) {
    result.binary = entry.binary;
    result.log = entry.log;
    result.origin = origin;
    if (origin == CacheOrigin::Compiled) {
      result.timings = entry.timings;
      result.frontendMs = entry.frontendMs;
    }
    result.totalMs = msSince(start);
    if (impl->verbose) {
      std::string line = "'" + kernelName + "' [" + hex.substr(0, 12) +
                         "]: " + cacheOriginName(origin);
      if (!result.recompileReasons.empty())
        line += "; changed: " + describeReasons(result.recompileReasons);
      char ms[32];
      std::snprintf(ms, sizeof(ms), " (%.3f ms)", result.totalMs);
      impl->note(line + ms);
    }
    return std::move(result);
  };
  auto warn = [&](const std::string &warning) {
    result.cacheWarnings.push_back(warning);
    impl->note("warning: " + warning);
  };

  std::shared_ptr<const MemoryEntry> cached;
  {
    std::lock_guard<std::mutex> lock(impl->stateMutex);
    auto last = impl->lastKeys.find(kernelName);
    if (last != impl->lastKeys.end() && last->second.digest() != digest)
      result.recompileReasons = diffKeys(last->second, *key);
    impl->lastKeys[kernelName] = *key;
    impl->lastReasons[kernelName] = result.recompileReasons;
    if (impl->memoryCache) {
      auto it = impl->memory.find(hex);
      if (it != impl->memory.end()) {
        ++impl->stats.memoryHits;
        cached = it->second;
      }
    }
  }
  if (cached)
    return finish(*cached, CacheOrigin::Memory);

  std::lock_guard<std::mutex> compileLock(impl->compileMutex);
  // Another thread may have produced it while this one waited.
  if (impl->memoryCache) {
    std::lock_guard<std::mutex> lock(impl->stateMutex);
    auto it = impl->memory.find(hex);
    if (it != impl->memory.end()) {
      ++impl->stats.memoryHits;
      return finish(*it->second, CacheOrigin::Memory);
    }
  }
  auto remember = [&](MemoryEntry entry) {
    auto shared = std::make_shared<const MemoryEntry>(std::move(entry));
    if (impl->memoryCache) {
      std::lock_guard<std::mutex> lock(impl->stateMutex);
      impl->memory[hex] = shared;
    }
    return shared;
  };

  if (impl->disk) {
    std::string warning;
    std::optional<KernelArtifact> artifact = impl->disk->load(digest, warning);
    if (!warning.empty()) {
      std::lock_guard<std::mutex> lock(impl->stateMutex);
      ++impl->stats.corruptedEntries;
    }
    if (!warning.empty())
      warn(warning);
    if (artifact) {
      MemoryEntry entry;
      entry.log = artifact->property("jit.log");
      entry.binary =
          std::make_shared<const KernelBinary>(std::move(artifact->binary));
      {
        std::lock_guard<std::mutex> lock(impl->stateMutex);
        ++impl->stats.diskHits;
      }
      return finish(*remember(std::move(entry)), CacheOrigin::Disk);
    }
  }

  llvm::Expected<MemoryEntry> entry = impl->compileFresh(request);
  if (!entry)
    return entry.takeError();
  {
    std::lock_guard<std::mutex> lock(impl->stateMutex);
    ++impl->stats.compiles;
  }
  std::shared_ptr<const MemoryEntry> stored = remember(std::move(*entry));
  if (impl->disk) {
    KernelArtifact artifact;
    artifact.binary = *stored->binary;
    artifact.properties = artifactProperties(request);
    artifact.properties.push_back({"jit.key", hex});
    if (!stored->log.empty())
      artifact.properties.push_back({"jit.log", stored->log});
    if (llvm::Error error = impl->disk->store(digest, artifact))
      warn("cannot write the JIT cache entry: " +
           llvm::toString(std::move(error)));
  }
  return finish(*stored, CacheOrigin::Compiled);
}

std::vector<RecompileReason>
JitCompiler::lastRecompileReasons(const std::string &kernel) const {
  std::lock_guard<std::mutex> lock(impl->stateMutex);
  auto it = impl->lastReasons.find(kernel.empty() ? "*" : kernel);
  return it == impl->lastReasons.end() ? std::vector<RecompileReason>()
                                       : it->second;
}

JitStats JitCompiler::stats() const {
  std::lock_guard<std::mutex> lock(impl->stateMutex);
  return impl->stats;
}

bool JitCompiler::memoryCacheEnabled() const { return impl->memoryCache; }

const DiskCache *JitCompiler::diskCache() const { return impl->disk.get(); }

void JitCompiler::clearMemoryCache() {
  std::lock_guard<std::mutex> lock(impl->stateMutex);
  impl->memory.clear();
}
