//===- CompilerAPI.cpp - The compiler's C API (kiln/kiln_compiler.h) ------===//
//
// Source → kiln module (loadKilnModule) → optional kernel selection →
// device binary (compileKilnModule), as kiln-run does, but with every
// diagnostic captured into the thread's last-error message instead of
// stderr, and the result handed out as a runtime kiln_binary_t.
//
// LLVM fatal errors (e.g. an instruction a back end cannot select) would
// exit the process. Like libclang, compilations run inside an
// llvm::CrashRecoveryContext, and a fatal-error handler installed on first
// use unwinds a failing compilation back to kiln_compile_source, which
// returns KILN_STATUS_INTERNAL (what the compilation had allocated leaks).
//
//===----------------------------------------------------------------------===//
#include "kiln/kiln_compiler.h"

#include "compiler/Driver/SourceLoader.h"
#include "compiler/Driver/ToolSupport.h"
#include "compiler/Pipeline/DeviceCompiler.h"
#include "kiln/capi/Handles.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace kiln;
using capi::guarded;

struct kiln_compiler {
  std::unique_ptr<mlir::MLIRContext> context;
  /// An MLIRContext is not to be used by two compilations at once.
  std::mutex mutex;
};

namespace {

/// Set while this thread runs a compilation inside a CrashRecoveryContext.
thread_local bool inCompilation = false;
/// The reason of the LLVM fatal error that ended this thread's compilation.
thread_local std::string fatalReason;

void fatalErrorHandler(void *, const char *reason, bool) {
  if (inCompilation && llvm::CrashRecoveryContext::GetCurrent()) {
    fatalReason = reason;
    // Unwinds to CrashRecoveryContext::RunSafely in compileSource.
    llvm::sys::Process::Exit(1);
  }
  // Not ours: what LLVM does without a handler (it exits after we return).
  llvm::errs() << "LLVM ERROR: " << reason << "\n";
}

void installFatalErrorRecovery() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(fatalErrorHandler, nullptr);
  });
}

struct CompileRequest {
  const char *source;
  const char *filename;
  CompileOptions options;
  const char *kernel; ///< Null: keep every kernel.
};

/// Validates `options` (null: defaults) into `request`; empty when valid.
std::string readOptions(const kiln_compile_options_t *options,
                        CompileRequest &request) {
  kiln_compile_options_t defaults;
  kiln_compile_options_init(&defaults);
  const kiln_compile_options_t &o = options ? *options : defaults;
  int target = capi::enumValue(o.target);
  if (target != KILN_TARGET_PTX && target != KILN_TARGET_SPIRV)
    return "unknown target " + std::to_string(capi::enumValue(o.target));
  if (o.opt_level < 0 || o.opt_level > 3)
    return "opt_level " + std::to_string(o.opt_level) + " is not 0..3";
  if (o.launch_rank < 0 || o.launch_rank > 3)
    return "launch_rank " + std::to_string(o.launch_rank) +
           " is not 1..3 (or 0 for any rank)";
  if (o.arch && !*o.arch)
    return "arch is empty (NULL means sm_90)";
  if (o.kernel && !*o.kernel)
    return "kernel is empty (NULL means every kernel)";
  request.options.target =
      o.target == KILN_TARGET_PTX ? TargetKind::PTX : TargetKind::SPIRV;
  if (o.arch)
    request.options.arch = o.arch;
  request.options.optLevel = static_cast<unsigned>(o.opt_level);
  request.options.launchRank = static_cast<unsigned>(o.launch_rank);
  request.kernel = o.kernel;
  return {};
}

/// The diagnostics text without its trailing newline.
std::string trimmed(std::string text) {
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  return text;
}

/// Runs the compiler on `request`; the caller holds the compiler's lock.
kiln_status_t compileSource(mlir::MLIRContext &context,
                            const CompileRequest &request, KernelBinary &out) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  llvm::StringRef filename = request.filename;
  // MLIR diagnostics of later stages print with the source line too.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(request.source, filename),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);

  kiln_status_t status = KILN_STATUS_OK;
  std::string message;
  auto compile = [&] {
    auto module = loadKilnModule(context, request.source, filename,
                                 languageOfPath(filename), os);
    if (mlir::failed(module) || !*module) {
      status = KILN_STATUS_COMPILE_ERROR;
      message = trimmed(diagnostics);
      return;
    }
    if (request.kernel &&
        mlir::failed(selectKernel(module->get(), request.kernel))) {
      status = KILN_STATUS_NOT_FOUND;
      message = trimmed(diagnostics);
      return;
    }
    auto binary = compileKilnModule(module->get(), request.options);
    if (!binary) {
      status = KILN_STATUS_COMPILE_ERROR;
      message = trimmed(diagnostics);
      message +=
          (message.empty() ? "" : "\n") + llvm::toString(binary.takeError());
      return;
    }
    out = std::move(*binary);
  };

  installFatalErrorRecovery();
  llvm::CrashRecoveryContext recovery;
  inCompilation = true;
  fatalReason.clear();
  bool finished = recovery.RunSafely(compile);
  inCompilation = false;
  if (!finished)
    return capi::fail(KILN_STATUS_INTERNAL,
                      "code generation of '" + filename.str() + "' failed: " +
                          (fatalReason.empty()
                               ? std::string("the compiler crashed")
                               : fatalReason));
  if (status != KILN_STATUS_OK)
    return capi::fail(status, message.empty() ? "compilation of '" +
                                                    filename.str() + "' failed"
                                              : message);
  return capi::succeed();
}

kiln_status_t compileToHandle(kiln_compiler_t compiler,
                              const CompileRequest &request,
                              kiln_binary_t *out) {
  KernelBinary binary;
  kiln_status_t status;
  {
    std::lock_guard<std::mutex> lock(compiler->mutex);
    status = compileSource(*compiler->context, request, binary);
  }
  if (status != KILN_STATUS_OK)
    return status;
  *out = new kiln_binary{std::move(binary)};
  return capi::succeed();
}

} // namespace

extern "C" {

void kiln_compile_options_init(kiln_compile_options_t *options) {
  if (!options)
    return;
  options->target = KILN_TARGET_SPIRV;
  options->arch = nullptr;
  options->opt_level = 2;
  options->kernel = nullptr;
  options->launch_rank = 0;
}

kiln_status_t kiln_compiler_create(kiln_compiler_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  return guarded(__func__, [&] {
    auto compiler = std::make_unique<kiln_compiler>();
    compiler->context = createCompilerContext();
    // Kernel modules are small, and fatal-error recovery only covers the
    // calling thread: no thread pool per compiler.
    compiler->context->disableMultithreading();
    *out = compiler.release();
    return capi::succeed();
  });
}

void kiln_compiler_release(kiln_compiler_t compiler) { delete compiler; }

kiln_status_t kiln_compile_source(kiln_compiler_t compiler, const char *source,
                                  const char *filename,
                                  const kiln_compile_options_t *options,
                                  kiln_binary_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(compiler);
  KILN_CAPI_REQUIRE(source);
  return guarded(__func__, [&] {
    CompileRequest request{
        source, filename ? filename : "<source>", {}, nullptr};
    std::string error = readOptions(options, request);
    if (!error.empty())
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        "kiln_compile_source: " + error);
    return compileToHandle(compiler, request, out);
  });
}

kiln_status_t
kiln_compile_source_for_device(kiln_compiler_t compiler, kiln_device_t device,
                               const char *source, const char *filename,
                               const kiln_compile_options_t *options,
                               kiln_binary_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(compiler);
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(source);
  kiln_backend_t backend;
  if (kiln_status_t status = kiln_device_backend(device, &backend))
    return status;
  return guarded(__func__, [&] {
    kiln_compile_options_t forDevice;
    if (options)
      forDevice = *options;
    else
      kiln_compile_options_init(&forDevice);
    forDevice.target =
        backend == KILN_BACKEND_CUDA ? KILN_TARGET_PTX : KILN_TARGET_SPIRV;
    CompileRequest request{
        source, filename ? filename : "<source>", {}, nullptr};
    std::string error = readOptions(&forDevice, request);
    if (!error.empty())
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        "kiln_compile_source_for_device: " + error);
    return compileToHandle(compiler, request, out);
  });
}

} // extern "C"
