//===- JitCompiler.h - Kiln's embeddable JIT compiler -----------*- C++ -*-===//
//
// What a language frontend embeds: one JitCompiler, created once and kept,
// owns a CompileSession (compiler/Session) and the caches. compile() turns a
// request (source or kiln MLIR, kernel, specialization, target, options) into a
// KernelBinary the runtime loads, answering from the in-memory cache, the
// disk cache ($KILN_CACHE_DIR, see DiskCache.h) or a fresh compile, and
// saying which key component changed when a kernel is compiled again.
//
//   auto jit = kiln::JitCompiler::create();
//   kiln::CompileRequest request;
//   request.source = text; request.filename = "saxpy.py";
//   request.kernel = "saxpy"; request.target = kiln::TargetKind::PTX;
//   llvm::Expected<kiln::CompiledKernel> kernel = jit->compile(request);
//   device->loadExecutable(*kernel->binary);
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_JIT_JITCOMPILER_H
#define KILN_COMPILER_JIT_JITCOMPILER_H

#include "compiler/JIT/CacheKey.h"
#include "compiler/JIT/CompileRequest.h"
#include "compiler/Pipeline/DeviceCompiler.h"
#include "compiler/Session/CompileError.h"
#include "kiln/runtime/KernelMetadata.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kiln {

/// Where a compile() result came from.
enum class CacheOrigin { Memory, Disk, Compiled };
const char *cacheOriginName(CacheOrigin origin);

struct CompiledKernel {
  /// Device code and kernel metadata; shared with the memory cache.
  std::shared_ptr<const KernelBinary> binary;
  /// Hex SHA-256 cache key of the request.
  std::string key;
  CacheOrigin origin = CacheOrigin::Compiled;
  /// Diagnostics (warnings) of the compilation that produced the binary.
  std::string log;
  /// Back-half stage times of that compilation (zero for cache hits).
  StageTimings timings;
  double frontendMs = 0; ///< Parse, check, MLIRGen (0 for cache hits).
  double totalMs = 0;    ///< This compile() call, lookups included.
  /// Why this is not the binary the previous request for the same kernel
  /// got (empty on the first request, or when the key is the same).
  std::vector<RecompileReason> recompileReasons;
  /// Cache problems met on the way (a corrupted entry, a failed write).
  std::vector<std::string> cacheWarnings;
  /// CompileRequest::aligned16, as recorded (with the arrays the
  /// request's arguments declared aligned).
  std::vector<std::string> aligned16;
  /// The kernel's specialization: the request's, or what its arguments
  /// resolved to (Constant parameters named here are compiled in and
  /// take no launch argument).
  Specialization specialization;
};

struct JitOptions {
  /// Unset: on unless $KILN_CACHE disables caching.
  std::optional<bool> memoryCache;
  std::optional<bool> diskCache;
  /// Empty: cacheDirectoryFromEnvironment().
  std::string cacheDirectory;
  /// Unset: $KILN_CACHE_MAX_BYTES, else 512 MiB.
  std::optional<uint64_t> cacheMaxBytes;
  /// Receives warnings and, when `verbose`, one line per request. Null:
  /// stderr.
  llvm::raw_ostream *log = nullptr;
  /// Unset: $KILN_LOG names "jit" (comma-separated list, or "all").
  std::optional<bool> verbose;
};

/// Counters since creation.
struct JitStats {
  unsigned memoryHits = 0;
  unsigned diskHits = 0;
  unsigned compiles = 0;
  unsigned corruptedEntries = 0;
};

class DiskCache;

class JitCompiler {
public:
  static std::unique_ptr<JitCompiler> create(JitOptions options = {});
  ~JitCompiler();

  /// Compiles `request`, or finds it in a cache. Errors are CompileErrors
  /// (compiler/Session/CompileError.h) carrying the compiler's diagnostics
  /// (FILE:LINE:COL: error: ...), or plain errors for bad options and
  /// unreadable libraries. A request with `arguments` is resolved against
  /// the kernel's parameters, which are remembered per source and kernel:
  /// the first such request reads them while compiling (one parse, which
  /// stops at a cache hit), later ones key without parsing. Thread-safe;
  /// fresh compilations are serialised (one session).
  llvm::Expected<CompiledKernel> compile(const CompileRequest &request);

  /// The text of one stage of `request`'s compile, never cached (what
  /// kernel.inspect shows): the kiln dialect after specialization and
  /// kernel selection, or the optimised LLVM IR of request.target. Errors
  /// as compile()'s.
  enum class Stage { Kiln, LLVMIR };
  llvm::Expected<std::string> compileStage(const CompileRequest &request,
                                           Stage stage);

  /// The cache key of `request` with its components (reads libraries).
  llvm::Expected<CacheKey> computeKey(const CompileRequest &request);

  /// CompiledKernel::recompileReasons of the last compile() of `kernel`.
  std::vector<RecompileReason>
  lastRecompileReasons(const std::string &kernel) const;

  JitStats stats() const;
  bool memoryCacheEnabled() const;
  /// Null when the disk cache is off.
  const DiskCache *diskCache() const;
  void clearMemoryCache();

private:
  struct Impl;
  explicit JitCompiler(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace kiln

#endif // KILN_COMPILER_JIT_JITCOMPILER_H
