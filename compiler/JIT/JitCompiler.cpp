//===- JitCompiler.cpp - Kiln's embeddable JIT compiler -------------------===//
//
// compile() = [arguments → specialization] → key → memory cache → disk
// cache → compile (CompileSession) → both caches. The key's components are
// kept per kernel name (in memory, and in the disk cache for the next
// process) so a changed one can be named (KILN_LOG=jit).
//
//===----------------------------------------------------------------------===//
#include "compiler/JIT/JitCompiler.h"
#include "compiler/JIT/DiskCache.h"
#include "compiler/Session/CompileSession.h"
#include "compiler/Session/DistinctArrays.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
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

/// A request with its key, ready for the caches.
struct KeyedRequest {
  CompileRequest request;
  CacheKey key;
  Digest digest{};
  std::string hex;
  std::string kernelName; ///< "*" for every kernel.
  std::vector<RecompileReason> reasons;
};

/// The request for `request`'s kernel with what its arguments resolved to.
CompileRequest applyArguments(const CompileRequest &request,
                              const ResolvedArguments &resolved) {
  CompileRequest out = request;
  out.arguments.reset();
  out.specialization = resolved.specialization;
  out.aligned16.insert(resolved.aligned16.begin(), resolved.aligned16.end());
  out.distinctArrays =
      request.distinctArrays || arrayArgumentsDistinct(*request.arguments);
  return out;
}

/// Where a kernel's declared parameters are remembered: its source, name
/// and kernel.
std::string parametersKey(const CompileRequest &request) {
  return toHex(sha256(request.source)) + "\n" + request.filename + "\n" +
         request.kernel;
}

} // namespace

struct JitCompiler::Impl {
  CompileSession session;
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
  std::map<std::string, std::vector<DeclaredParameter>> parameters;
  JitStats stats;
  /// One compilation at a time; also serialises disk writes.
  std::mutex compileMutex;
  std::mutex logMutex;

  llvm::Expected<Digest> digestFile(const std::string &path);
  llvm::Expected<KeyedRequest> keyRequest(const CompileRequest &request);
  std::optional<CacheKey> previousKey(const std::string &kernelName);
  void recordKey(KeyedRequest &keyed, bool previousOnDisk);
  std::shared_ptr<const MemoryEntry> findInMemory(const std::string &hex);
  std::shared_ptr<const MemoryEntry> findOnDisk(const KeyedRequest &keyed,
                                                CompiledKernel &result);
  std::shared_ptr<const MemoryEntry> remember(const std::string &hex,
                                              MemoryEntry entry);
  void storeOnDisk(const KeyedRequest &keyed, const MemoryEntry &entry,
                   CompiledKernel &result);
  CompiledKernel finish(const KeyedRequest &keyed, const MemoryEntry &entry,
                        CacheOrigin origin, CompiledKernel result,
                        Clock::time_point start);
  llvm::Expected<CompiledKernel> compileKeyed(KeyedRequest keyed,
                                              Clock::time_point start);
  llvm::Expected<CompiledKernel>
  compileDiscoveringParameters(const CompileRequest &request,
                               Clock::time_point start);
  llvm::Expected<CompileResult> compileFresh(const CompileRequest &request,
                                             CompileJob job,
                                             std::string &diagnostics);
  void warn(CompiledKernel &result, const std::string &warning) {
    result.cacheWarnings.push_back(warning);
    note("warning: " + warning);
  }
  void note(const std::string &line) {
    std::lock_guard<std::mutex> lock(logMutex);
    *log << "kiln-jit: " << line << "\n";
    log->flush();
  }
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

llvm::Expected<KeyedRequest>
JitCompiler::Impl::keyRequest(const CompileRequest &request) {
  llvm::Expected<CacheKey> key = buildCacheKey(
      request, [&](const std::string &path) { return digestFile(path); });
  if (!key)
    return key.takeError();
  KeyedRequest keyed;
  keyed.request = request;
  keyed.key = std::move(*key);
  keyed.digest = keyed.key.digest();
  keyed.hex = toHex(keyed.digest);
  keyed.kernelName = request.kernel.empty() ? "*" : request.kernel;
  std::optional<CacheKey> previous;
  bool previousOnDisk = false;
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    auto last = lastKeys.find(keyed.kernelName);
    if (last != lastKeys.end())
      previous = last->second;
  }
  // A new process learns the last key from the disk cache.
  if (!previous && disk) {
    previous = disk->loadLastKey(keyed.kernelName);
    previousOnDisk = previous.has_value();
  }
  if (previous && previous->digest() != keyed.digest)
    keyed.reasons = diffKeys(*previous, keyed.key);
  recordKey(keyed, previousOnDisk && keyed.reasons.empty());
  return keyed;
}

void JitCompiler::Impl::recordKey(KeyedRequest &keyed, bool diskIsCurrent) {
  bool changed;
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    auto last = lastKeys.find(keyed.kernelName);
    changed = last == lastKeys.end() || last->second.digest() != keyed.digest;
    lastKeys[keyed.kernelName] = keyed.key;
    lastReasons[keyed.kernelName] = keyed.reasons;
  }
  if (!disk || !changed || diskIsCurrent)
    return;
  // Failing to record it only costs the next process its reasons.
  llvm::consumeError(disk->storeLastKey(keyed.kernelName, keyed.key));
}

std::shared_ptr<const MemoryEntry>
JitCompiler::Impl::findInMemory(const std::string &hex) {
  if (!memoryCache)
    return nullptr;
  std::lock_guard<std::mutex> lock(stateMutex);
  auto it = memory.find(hex);
  if (it == memory.end())
    return nullptr;
  ++stats.memoryHits;
  return it->second;
}

std::shared_ptr<const MemoryEntry>
JitCompiler::Impl::remember(const std::string &hex, MemoryEntry entry) {
  auto shared = std::make_shared<const MemoryEntry>(std::move(entry));
  if (memoryCache) {
    std::lock_guard<std::mutex> lock(stateMutex);
    memory[hex] = shared;
  }
  return shared;
}

std::shared_ptr<const MemoryEntry>
JitCompiler::Impl::findOnDisk(const KeyedRequest &keyed,
                              CompiledKernel &result) {
  if (!disk)
    return nullptr;
  std::string warning;
  std::optional<KernelArtifact> artifact = disk->load(keyed.digest, warning);
  if (!warning.empty()) {
    {
      std::lock_guard<std::mutex> lock(stateMutex);
      ++stats.corruptedEntries;
    }
    warn(result, warning);
  }
  if (!artifact)
    return nullptr;
  MemoryEntry entry;
  entry.log = artifact->property("jit.log");
  entry.binary =
      std::make_shared<const KernelBinary>(std::move(artifact->binary));
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    ++stats.diskHits;
  }
  return remember(keyed.hex, std::move(entry));
}

void JitCompiler::Impl::storeOnDisk(const KeyedRequest &keyed,
                                    const MemoryEntry &entry,
                                    CompiledKernel &result) {
  if (!disk)
    return;
  KernelArtifact artifact;
  artifact.binary = *entry.binary;
  artifact.properties = artifactProperties(keyed.request);
  artifact.properties.push_back({"jit.key", keyed.hex});
  if (!entry.log.empty())
    artifact.properties.push_back({"jit.log", entry.log});
  if (llvm::Error error = disk->store(keyed.digest, artifact))
    warn(result, "cannot write the JIT cache entry: " +
                     llvm::toString(std::move(error)));
}

CompiledKernel JitCompiler::Impl::finish(const KeyedRequest &keyed,
                                         const MemoryEntry &entry,
                                         CacheOrigin origin,
                                         CompiledKernel result,
                                         Clock::time_point start) {
  result.key = keyed.hex;
  result.aligned16.assign(keyed.request.aligned16.begin(),
                          keyed.request.aligned16.end());
  result.specialization = keyed.request.specialization;
  if (result.specialization.kernel.empty())
    result.specialization.kernel = keyed.request.kernel;
  result.recompileReasons = keyed.reasons;
  result.binary = entry.binary;
  result.log = entry.log;
  result.origin = origin;
  if (origin == CacheOrigin::Compiled) {
    result.timings = entry.timings;
    result.frontendMs = entry.frontendMs;
  }
  result.totalMs = msSince(start);
  if (verbose) {
    std::string line = "'" + keyed.kernelName + "' [" +
                       keyed.hex.substr(0, 12) +
                       "]: " + cacheOriginName(origin);
    if (!result.recompileReasons.empty())
      line += "; changed: " + describeReasons(result.recompileReasons);
    char ms[32];
    std::snprintf(ms, sizeof(ms), " (%.3f ms)", result.totalMs);
    note(line + ms);
  }
  return result;
}

llvm::Expected<CompileResult>
JitCompiler::Impl::compileFresh(const CompileRequest &request, CompileJob job,
                                std::string &diagnostics) {
  llvm::raw_string_ostream os(diagnostics);
  job.kernel = request.kernel;
  // The JIT compiles what it launches, even from a module whose other
  // generic kernels are unspecialized.
  job.onlyKernel = true;
  Specialization spec = request.specialization;
  if (spec.kernel.empty())
    spec.kernel = request.kernel;
  if (!request.arguments && !spec.kernel.empty() &&
      (!spec.types.empty() || !spec.constants.empty()))
    job.specializations.push_back(std::move(spec));
  job.arguments = request.arguments;
  job.launchIndex = request.launchIndex;
  job.aligned16 = request.aligned16;
  job.distinctArrays = request.distinctArrays;
  job.options.target = request.target;
  job.options.arch = request.arch;
  job.options.optLevel = request.optLevel;
  job.options.debug = request.debug;
  job.options.numbaTyping = request.numbaTyping;
  job.options.argumentBlockEntries = request.argumentBlockEntries;
  job.options.launchRank = request.launchRank;
  job.options.coarsenElementwise = request.coarsenElementwise;
  job.options.mergeWorkGroups = request.mergeWorkGroups;
  job.options.bitcodeLibraries = request.bitcodeLibraries;
  job.options.libdevicePath = request.libdevicePath;
  llvm::Expected<CompileResult> result =
      session.compile(request.source, request.filename, job, os);
  if (result)
    return result;
  // Hand the captured diagnostics on with the error.
  return llvm::handleErrors(result.takeError(),
                            [&](std::unique_ptr<CompileError> error) {
                              error->diagnostics = diagnostics;
                              return llvm::Error(std::move(error));
                            });
}

llvm::Expected<CompiledKernel>
JitCompiler::Impl::compileKeyed(KeyedRequest keyed, Clock::time_point start) {
  CompiledKernel result;
  if (auto cached = findInMemory(keyed.hex))
    return finish(keyed, *cached, CacheOrigin::Memory, std::move(result),
                  start);
  std::lock_guard<std::mutex> compileLock(compileMutex);
  // Another thread may have produced it while this one waited.
  if (auto cached = findInMemory(keyed.hex))
    return finish(keyed, *cached, CacheOrigin::Memory, std::move(result),
                  start);
  if (auto cached = findOnDisk(keyed, result))
    return finish(keyed, *cached, CacheOrigin::Disk, std::move(result), start);
  std::string diagnostics;
  llvm::Expected<CompileResult> compiled =
      compileFresh(keyed.request, CompileJob(), diagnostics);
  if (!compiled)
    return compiled.takeError();
  MemoryEntry entry;
  entry.log = diagnostics;
  entry.timings = compiled->timings;
  entry.frontendMs = compiled->frontendMs;
  entry.binary =
      std::make_shared<const KernelBinary>(std::move(compiled->binary));
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    ++stats.compiles;
  }
  std::shared_ptr<const MemoryEntry> stored =
      remember(keyed.hex, std::move(entry));
  storeOnDisk(keyed, *stored, result);
  return finish(keyed, *stored, CacheOrigin::Compiled, std::move(result),
                start);
}

/// The first request with arguments for a source and kernel: the compile
/// itself reads the kernel's parameters; once the arguments are resolved
/// the caches are asked, and a hit stops the compile before type checking.
llvm::Expected<CompiledKernel>
JitCompiler::Impl::compileDiscoveringParameters(const CompileRequest &request,
                                                Clock::time_point start) {
  std::lock_guard<std::mutex> compileLock(compileMutex);
  CompiledKernel result;
  std::optional<KeyedRequest> keyed;
  std::shared_ptr<const MemoryEntry> hit;
  CacheOrigin hitOrigin = CacheOrigin::Memory;
  llvm::Error keyError = llvm::Error::success();
  llvm::consumeError(std::move(keyError));
  CompileJob job;
  job.onArgumentsResolved = [&](const ResolvedArguments &resolved) {
    {
      std::lock_guard<std::mutex> lock(stateMutex);
      parameters[parametersKey(request)] = resolved.parameters;
    }
    llvm::Expected<KeyedRequest> k =
        keyRequest(applyArguments(request, resolved));
    if (!k) {
      keyError = k.takeError();
      return false;
    }
    keyed = std::move(*k);
    if ((hit = findInMemory(keyed->hex)))
      return false;
    hitOrigin = CacheOrigin::Disk;
    return !(hit = findOnDisk(*keyed, result));
  };
  std::string diagnostics;
  llvm::Expected<CompileResult> compiled =
      compileFresh(request, std::move(job), diagnostics);
  if (keyError) {
    llvm::consumeError(compiled.takeError());
    return keyError;
  }
  if (!compiled)
    return compiled.takeError();
  if (hit)
    return finish(*keyed, *hit, hitOrigin, std::move(result), start);
  MemoryEntry entry;
  entry.log = diagnostics;
  entry.timings = compiled->timings;
  entry.frontendMs = compiled->frontendMs;
  entry.binary =
      std::make_shared<const KernelBinary>(std::move(compiled->binary));
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    ++stats.compiles;
  }
  std::shared_ptr<const MemoryEntry> stored =
      remember(keyed->hex, std::move(entry));
  storeOnDisk(*keyed, *stored, result);
  return finish(*keyed, *stored, CacheOrigin::Compiled, std::move(result),
                start);
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
  llvm_unreachable("the switch on origin covers every value");
}

//===----------------------------------------------------------------------===//
// JitCompiler
//===----------------------------------------------------------------------===//

JitCompiler::JitCompiler(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
JitCompiler::~JitCompiler() = default;

std::unique_ptr<JitCompiler> JitCompiler::create(JitOptions options) {
  auto impl = std::make_unique<Impl>();
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

llvm::Expected<std::string>
JitCompiler::compileStage(const CompileRequest &request, Stage stage) {
  if (llvm::Error error =
          impl->session.checkTargetOptions(request.target, request.arch))
    return std::move(error);
  std::string text, diagnostics;
  llvm::raw_string_ostream os(text);
  CompileJob job;
  job.onKilnModule = [&](mlir::ModuleOp module) {
    if (stage != Stage::Kiln)
      return true;
    module.print(os);
    return false;
  };
  auto onOptimized = [&](llvm::Module &module) {
    module.print(os, nullptr);
    return false;
  };
  job.hooks.onOptimizedLLVMIR = onOptimized;
  std::lock_guard<std::mutex> compileLock(impl->compileMutex);
  llvm::Expected<CompileResult> result =
      impl->compileFresh(request, std::move(job), diagnostics);
  if (!result)
    return result.takeError();
  return text;
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
  if (llvm::Error error =
          impl->session.checkTargetOptions(request.target, request.arch))
    return std::move(error);
  if (!request.arguments) {
    llvm::Expected<KeyedRequest> keyed = impl->keyRequest(request);
    if (!keyed)
      return keyed.takeError();
    return impl->compileKeyed(std::move(*keyed), start);
  }
  if (request.kernel.empty())
    return llvm::createStringError(
        "a request with arguments names the kernel they are for");
  if (!request.specialization.types.empty() ||
      !request.specialization.constants.empty())
    return llvm::createStringError(
        "a request gives either arguments or a specialization, not both");
  std::optional<std::vector<DeclaredParameter>> params;
  {
    std::lock_guard<std::mutex> lock(impl->stateMutex);
    auto it = impl->parameters.find(parametersKey(request));
    if (it != impl->parameters.end())
      params = it->second;
  }
  if (!params)
    return impl->compileDiscoveringParameters(request, start);
  llvm::Expected<ResolvedArguments> resolved = resolveArguments(
      request.kernel, *params, *request.arguments, request.launchIndex);
  if (!resolved)
    return resolved.takeError();
  llvm::Expected<KeyedRequest> keyed =
      impl->keyRequest(applyArguments(request, *resolved));
  if (!keyed)
    return keyed.takeError();
  return impl->compileKeyed(std::move(*keyed), start);
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
