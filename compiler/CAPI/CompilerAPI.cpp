//===- CompilerAPI.cpp - The compiler's C API (kiln/kiln_compiler.h) ------===//
//
// A kiln_compiler_t is a JitCompiler (compiler/JIT): every compile goes
// through its memory and disk caches (KILN_CACHE, KILN_CACHE_DIR,
// KILN_LOG=jit as for any embedder) and its CompileSession, whose crash
// policy turns an LLVM fatal error into KILN_STATUS_INTERNAL. Diagnostics
// are captured into the thread's last-error message, never printed, and
// the result is handed out as a runtime kiln_binary_t.
//
//===----------------------------------------------------------------------===//
#include "kiln/kiln_compiler.h"

#include "ArgumentDescriptors.h"
#include "DiagnosticList.h"
#include "compiler/JIT/JitCompiler.h"
#include "compiler/Target/TargetBackend.h"
#include "kiln/capi/Handles.h"

#include <cstdlib>
#include <cstring>

using namespace kiln;
using capi::guarded;

struct kiln_compiler {
  std::unique_ptr<JitCompiler> jit;
};

namespace {

/// Validates `options` (null: defaults) into `request`; empty when valid.
std::string readOptions(const kiln_compile_options_t *options,
                        CompileRequest &request) {
  kiln_compile_options_t defaults;
  kiln_compile_options_init(&defaults);
  const kiln_compile_options_t &o = options ? *options : defaults;
  int target = capi::enumValue(o.target);
  if (target != KILN_TARGET_PTX && target != KILN_TARGET_SPIRV &&
      target != KILN_TARGET_HOST)
    return "unknown target " + std::to_string(capi::enumValue(o.target));
  if (o.opt_level < 0 || o.opt_level > 3)
    return "opt_level " + std::to_string(o.opt_level) + " is not 0..3";
  if (o.launch_rank < 0 || o.launch_rank > 3)
    return "launch_rank " + std::to_string(o.launch_rank) +
           " is not 1..3 (or 0 for any rank)";
  int space = capi::enumValue(o.launch_space);
  if (space != KILN_LAUNCH_SPACE_UNKNOWN && space != KILN_LAUNCH_SPACE_RANGE &&
      space != KILN_LAUNCH_SPACE_ND_RANGE)
    return "unknown launch_space " + std::to_string(space);
  if (o.arch && !*o.arch)
    return "arch is empty (NULL means sm_90)";
  if (o.kernel && !*o.kernel)
    return "kernel is empty (NULL means every kernel)";
  request.target = o.target == KILN_TARGET_PTX    ? TargetKind::PTX
                   : o.target == KILN_TARGET_HOST ? TargetKind::Host
                                                  : TargetKind::SPIRV;
  if (o.arch)
    request.arch = o.arch;
  else if (request.target == TargetKind::Host)
    request.arch = getTargetBackend(TargetKind::Host).getDefaultArch().str();
  request.optLevel = static_cast<unsigned>(o.opt_level);
  request.launchRank = static_cast<unsigned>(o.launch_rank);
  request.numbaTyping = o.numba_typing != 0;
  if (space == KILN_LAUNCH_SPACE_RANGE)
    request.launchIndex = IndexKind::Item;
  else if (space == KILN_LAUNCH_SPACE_ND_RANGE)
    request.launchIndex = IndexKind::NdItem;
  if (o.signature) {
    std::string error;
    std::optional<Specialization> spec =
        parseSpecialization(o.signature, error);
    if (!spec)
      return "signature '" + std::string(o.signature) + "': " + error;
    request.specialization = std::move(*spec);
  }
  if (o.kernel)
    request.kernel = o.kernel;
  return {};
}

/// kiln_compile_last_cache_key's.
thread_local std::string lastCacheKey;

/// kiln_compile_last_diagnostic's: the thread's last compile call's.
thread_local std::vector<capi::ParsedDiagnostic> lastDiagnostics;

/// The C status of a failed compile, its text the last-error message and
/// its diagnostics the thread's last ones.
kiln_status_t failedCompile(llvm::Error error, llvm::StringRef filename) {
  kiln_status_t status = KILN_STATUS_COMPILE_ERROR;
  std::string message;
  llvm::handleAllErrors(
      std::move(error),
      [&](const CompileError &e) {
        message = e.text();
        lastDiagnostics = capi::parseDiagnostics(e.diagnostics, filename);
        if (e.kind == CompileErrorKind::KernelNotFound)
          status = KILN_STATUS_NOT_FOUND;
        else if (e.kind == CompileErrorKind::Arguments)
          status = KILN_STATUS_INVALID_ARGUMENT;
        else if (e.kind == CompileErrorKind::CodeGeneration)
          status = KILN_STATUS_INTERNAL;
      },
      [&](const llvm::ErrorInfoBase &e) { message = e.message(); });
  return capi::fail(status, message);
}

kiln_status_t compileToHandle(kiln_compiler_t compiler,
                              const CompileRequest &request,
                              kiln_binary_t *out) {
  llvm::Expected<CompiledKernel> compiled = compiler->jit->compile(request);
  if (!compiled)
    return failedCompile(compiled.takeError(), request.filename);
  // The log is that of the compile that made the binary, cached with it.
  std::vector<capi::ParsedDiagnostic> diagnostics =
      capi::parseDiagnostics(compiled->log, request.filename);
  *out = new kiln_binary{*compiled->binary};
  lastCacheKey = compiled->key;
  lastDiagnostics = std::move(diagnostics);
  return capi::succeed();
}

/// The request for `source` (options read, target from `device` when set).
kiln_status_t readRequest(const char *function, kiln_device_t device,
                          const char *source, const char *filename,
                          const kiln_compile_options_t *options,
                          CompileRequest &request) {
  kiln_compile_options_t effective;
  if (options)
    effective = *options;
  else
    kiln_compile_options_init(&effective);
  if (device) {
    if (!device->device)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(function) + ": the device handle is empty");
    // The device's driver decides the target, through the back-end
    // registry (the one place that knows which target each driver runs).
    TargetKind kind =
        getTargetBackendForDriver(device->device->info().backend).getKind();
    effective.target = kind == TargetKind::PTX    ? KILN_TARGET_PTX
                       : kind == TargetKind::Host ? KILN_TARGET_HOST
                                                  : KILN_TARGET_SPIRV;
  }
  std::string error = readOptions(&effective, request);
  if (!error.empty())
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": " + error);
  request.source = source;
  request.filename = filename ? filename : "<source>";
  return KILN_STATUS_OK;
}

/// readRequest, plus the launch arguments the kernel is specialized from.
kiln_status_t readArgumentsRequest(const char *function, kiln_device_t device,
                                   const char *source, const char *filename,
                                   const kiln_compile_options_t *options,
                                   const kiln_arg_t *args, size_t nargs,
                                   CompileRequest &request) {
  if (kiln_status_t status =
          readRequest(function, device, source, filename, options, request))
    return status;
  if (request.kernel.empty())
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) +
                          ": options->kernel must name the kernel the "
                          "arguments are for");
  std::vector<ArgumentDescriptor> descriptors;
  std::string error;
  if (!capi::describeArguments(args, nargs, descriptors, error))
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": " + error);
  request.arguments = std::move(descriptors);
  return KILN_STATUS_OK;
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
  options->numba_typing = 0;
  options->signature = nullptr;
  options->launch_space = KILN_LAUNCH_SPACE_UNKNOWN;
}

kiln_status_t kiln_compiler_create(kiln_compiler_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  return guarded(__func__, [&] {
    auto compiler = std::make_unique<kiln_compiler>();
    compiler->jit = JitCompiler::create();
    *out = compiler.release();
    return capi::succeed();
  });
}

void kiln_compiler_release(kiln_compiler_t compiler) { delete compiler; }

const char *kiln_compile_last_cache_key(void) { return lastCacheKey.c_str(); }

void kiln_diagnostic_init(kiln_diagnostic_t *diagnostic) {
  if (!diagnostic)
    return;
  std::memset(diagnostic, 0, sizeof(*diagnostic));
  diagnostic->struct_size = sizeof(*diagnostic);
}

size_t kiln_compile_last_diagnostic_count(void) {
  return lastDiagnostics.size();
}

kiln_status_t kiln_compile_last_diagnostic(size_t index,
                                           kiln_diagnostic_t *out) {
  KILN_CAPI_REQUIRE(out);
  if (out->struct_size < sizeof(size_t))
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(__func__) + ": out->struct_size is " +
                          std::to_string(out->struct_size) +
                          " (initialise it with kiln_diagnostic_init)");
  if (index >= lastDiagnostics.size())
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(__func__) + ": index " +
                          std::to_string(index) + " is out of range (" +
                          std::to_string(lastDiagnostics.size()) +
                          " diagnostics)");
  const capi::ParsedDiagnostic &d = lastDiagnostics[index];
  kiln_diagnostic_t full;
  std::memset(&full, 0, sizeof(full));
  switch (d.severity) {
  case capi::Severity::Error:
    full.severity = KILN_DIAGNOSTIC_ERROR;
    break;
  case capi::Severity::Warning:
    full.severity = KILN_DIAGNOSTIC_WARNING;
    break;
  case capi::Severity::Note:
    full.severity = KILN_DIAGNOSTIC_NOTE;
    break;
  case capi::Severity::Remark:
    full.severity = KILN_DIAGNOSTIC_REMARK;
    break;
  }
  full.file = d.file.c_str();
  full.line = d.line;
  full.column = d.column;
  full.message = d.message.c_str();
  full.source_line = d.sourceLine.c_str();
  full.text = d.text.c_str();
  // Only what the caller's struct holds (an older header's is smaller).
  size_t size =
      out->struct_size < sizeof(full) ? out->struct_size : sizeof(full);
  full.struct_size = out->struct_size;
  std::memcpy(out, &full, size);
  // Not capi::succeed(): the last error message stays readable.
  return KILN_STATUS_OK;
}

kiln_status_t kiln_compile_source(kiln_compiler_t compiler, const char *source,
                                  const char *filename,
                                  const kiln_compile_options_t *options,
                                  kiln_binary_t *out) {
  lastDiagnostics.clear();
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(compiler);
  KILN_CAPI_REQUIRE(source);
  return guarded(__func__, [&] {
    CompileRequest request;
    if (kiln_status_t status =
            readRequest(__func__, nullptr, source, filename, options, request))
      return status;
    return compileToHandle(compiler, request, out);
  });
}

kiln_status_t
kiln_compile_source_for_device(kiln_compiler_t compiler, kiln_device_t device,
                               const char *source, const char *filename,
                               const kiln_compile_options_t *options,
                               kiln_binary_t *out) {
  lastDiagnostics.clear();
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(compiler);
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(source);
  return guarded(__func__, [&] {
    CompileRequest request;
    if (kiln_status_t status =
            readRequest(__func__, device, source, filename, options, request))
      return status;
    return compileToHandle(compiler, request, out);
  });
}

kiln_status_t kiln_compile_for_arguments(
    kiln_compiler_t compiler, kiln_device_t device, const char *source,
    const char *filename, const kiln_compile_options_t *options,
    const kiln_arg_t *args, size_t nargs, kiln_binary_t *out) {
  lastDiagnostics.clear();
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(compiler);
  KILN_CAPI_REQUIRE(source);
  if (nargs > 0)
    KILN_CAPI_REQUIRE(args);
  return guarded(__func__, [&] {
    CompileRequest request;
    if (kiln_status_t status = readArgumentsRequest(
            __func__, device, source, filename, options, args, nargs, request))
      return status;
    return compileToHandle(compiler, request, out);
  });
}

kiln_status_t
kiln_compile_stage_for_arguments(kiln_compiler_t compiler, kiln_device_t device,
                                 const char *source, const char *filename,
                                 const kiln_compile_options_t *options,
                                 const kiln_arg_t *args, size_t nargs,
                                 kiln_compile_stage_t stage, char **out_text) {
  lastDiagnostics.clear();
  KILN_CAPI_REQUIRE(out_text);
  *out_text = nullptr;
  KILN_CAPI_REQUIRE(compiler);
  KILN_CAPI_REQUIRE(source);
  if (nargs > 0)
    KILN_CAPI_REQUIRE(args);
  return guarded(__func__, [&] {
    int value = capi::enumValue(stage);
    if (value != KILN_COMPILE_STAGE_KILN && value != KILN_COMPILE_STAGE_LLVM_IR)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(__func__) + ": unknown stage " +
                            std::to_string(value));
    CompileRequest request;
    if (kiln_status_t status = readArgumentsRequest(
            __func__, device, source, filename, options, args, nargs, request))
      return status;
    llvm::Expected<std::string> text = compiler->jit->compileStage(
        request, value == KILN_COMPILE_STAGE_KILN ? JitCompiler::Stage::Kiln
                                                  : JitCompiler::Stage::LLVMIR);
    if (!text)
      return failedCompile(text.takeError(), request.filename);
    *out_text = static_cast<char *>(std::malloc(text->size() + 1));
    if (!*out_text)
      return capi::fail(KILN_STATUS_INTERNAL,
                        std::string(__func__) + ": out of memory");
    std::memcpy(*out_text, text->c_str(), text->size() + 1);
    return capi::succeed();
  });
}

void kiln_text_release(char *text) { std::free(text); }

} // extern "C"
