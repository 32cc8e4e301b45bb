//===- CompileSession.cpp - The one place a compile is sequenced ----------===//
#include "compiler/Session/CompileSession.h"
#include "compiler/Driver/SourceLoader.h"
#include "compiler/Driver/ToolSupport.h"
#include "compiler/Frontend/Frontend.h"
#include "compiler/Session/DistinctArrays.h"
#include "compiler/Session/FatalErrorRecovery.h"
#include "compiler/Target/TargetBackend.h"
#include "dialects/Kiln/IR/KilnOps.h"

#include <chrono>

using namespace kiln;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

std::unique_ptr<mlir::MLIRContext> createSessionContext() {
  std::unique_ptr<mlir::MLIRContext> context = createCompilerContext();
  context->disableMultithreading();
  return context;
}

/// Array parameters the caller guarantees 16-byte aligned carry
/// `kiln.align = 16`, which the lowering turns into `llvm.align 16` on the
/// kernel's pointer argument (wider, vectorizable loads and stores).
void markAligned16(mlir::ModuleOp module, const std::set<std::string> &names) {
  if (names.empty())
    return;
  module.walk([&](kiln::ir::KernelOp kernel) {
    for (unsigned i = 0; i < kernel.getNumArguments(); ++i) {
      // A strided array's elements are not where its alignment is known.
      auto array =
          llvm::dyn_cast<kiln::ir::ArrayType>(kernel.getArgumentTypes()[i]);
      if (array && !array.isStrided() && names.count(kernel.getParamName(i)))
        kernel.setArgAttr(
            i, "kiln.align",
            mlir::IntegerAttr::get(
                mlir::IntegerType::get(module.getContext(), 64), 16));
    }
  });
}

/// Under the distinct-arrays fact (DistinctArrays.h) every global array
/// parameter carries `kiln.noalias`, which the lowering turns into
/// `llvm.noalias` on the kernel's pointer argument. Local accessors are
/// work-group memory, distinct from global memory anyway.
void markDistinctArrays(mlir::ModuleOp module) {
  module.walk([&](kiln::ir::KernelOp kernel) {
    for (unsigned i = 0; i < kernel.getNumArguments(); ++i) {
      auto array =
          llvm::dyn_cast<kiln::ir::ArrayType>(kernel.getArgumentTypes()[i]);
      if (array && array.isGlobal())
        kernel.setArgAttr(i, "kiln.noalias",
                          mlir::UnitAttr::get(module.getContext()));
    }
  });
}

/// The parameters after the index of an (already specialized) kiln MLIR
/// kernel: all annotated.
std::vector<DeclaredParameter> mlirKernelParameters(mlir::ModuleOp module,
                                                    llvm::StringRef name) {
  std::vector<DeclaredParameter> params;
  auto kernel = module.lookupSymbol<kiln::ir::KernelOp>(name);
  if (!kernel)
    return params;
  for (unsigned i = 1; i < kernel.getNumArguments(); ++i)
    params.push_back(
        {kernel.getParamName(i), DeclaredParameter::Role::Annotated});
  return params;
}

/// "a, b" for the kernels of a parsed module; "none" without any.
std::string kernelNames(const ast::Module &module) {
  std::string names;
  for (const auto &function : module.functions)
    if (function->kind == ast::FunctionKind::Kernel)
      names += (names.empty() ? "" : ", ") + function->name;
  return names.empty() ? "none" : names;
}

llvm::Error compileError(CompileErrorKind kind, const std::string &summary) {
  return llvm::make_error<CompileError>(kind, summary);
}

} // namespace

CompileSession::CompileSession() : context_(createSessionContext()) {}
CompileSession::~CompileSession() = default;

llvm::Error CompileSession::checkTargetOptions(TargetKind target,
                                               const std::string &arch) {
  const TargetBackend &backend = getTargetBackend(target);
  std::string key = backend.getName().str() + ":" + arch;
  {
    std::lock_guard<std::mutex> lock(archMutex);
    if (knownArches.count(key))
      return llvm::Error::success();
  }
  BackendOptions options;
  options.arch = arch;
  if (llvm::Error error = backend.checkOptions(options))
    return error;
  std::lock_guard<std::mutex> lock(archMutex);
  knownArches.insert(key);
  return llvm::Error::success();
}

llvm::Expected<CompileResult>
CompileSession::compile(llvm::StringRef source, llvm::StringRef filename,
                        const CompileJob &job, llvm::raw_ostream &diagnostics) {
  std::lock_guard<std::mutex> lock(compileMutex);
  std::optional<llvm::Expected<CompileResult>> result;
  std::optional<std::string> fatal = runRecoveringFatalErrors([&] {
    result.emplace(compileUnguarded(source, filename, job, diagnostics));
  });
  if (!fatal)
    return std::move(*result);
  // The unwound compile left its diagnostic handler registered on the
  // context (no destructor ran): the context is abandoned, not reused.
  (void)context_.release();
  context_ = createSessionContext();
  return compileError(CompileErrorKind::CodeGeneration,
                      "code generation failed: " + *fatal);
}

llvm::Expected<CompileResult>
CompileSession::compileUnguarded(llvm::StringRef source,
                                 llvm::StringRef filename,
                                 const CompileJob &job, llvm::raw_ostream &os) {
  if (job.arguments && job.kernel.empty())
    return compileError(CompileErrorKind::Arguments,
                        "launch arguments specialize one kernel: name it");
  auto start = Clock::now();
  CompileResult result;
  std::unique_ptr<CompileError> argumentFailure;
  bool kernelMissing = false;
  // Resolves the arguments against the kernel's declared parameters.
  auto resolve = [&](llvm::ArrayRef<DeclaredParameter> params) {
    auto resolved =
        resolveArguments(job.kernel, params, *job.arguments, job.launchIndex);
    if (!resolved) {
      llvm::handleAllErrors(resolved.takeError(),
                            [&](std::unique_ptr<CompileError> error) {
                              argumentFailure = std::move(error);
                            });
      return false;
    }
    result.arguments = std::move(*resolved);
    if (job.onArgumentsResolved && !job.onArgumentsResolved(*result.arguments))
      result.stopped = true;
    return !result.stopped;
  };
  auto specialize = [&](const ast::Module &module)
      -> std::optional<std::vector<Specialization>> {
    std::vector<Specialization> specs = job.specializations;
    auto params = declaredKernelParameters(module, job.kernel);
    if (!params) {
      // What selectKernel would say, said before type checking (which a
      // kernel compiled alone or from arguments needs the kernel for).
      mlir::emitError(mlir::FileLineColLoc::get(context_.get(), filename, 1, 1))
          << "no kernel named '" << job.kernel
          << "' (available: " << kernelNames(module) << ")";
      kernelMissing = true;
      return std::nullopt;
    }
    if (!job.arguments) {
      // A (possibly empty) specialization of the kernel leaves the others
      // out.
      if (llvm::none_of(specs, [&](const Specialization &spec) {
            return spec.kernel == job.kernel;
          }))
        specs.push_back(Specialization{job.kernel, {}, {}});
      return specs;
    }
    if (!resolve(*params))
      return std::nullopt;
    specs.push_back(result.arguments->specialization);
    return specs;
  };

  SourceDiagnostics sourceDiagnostics(*context_, source, filename, os);
  SourceLanguage language = languageOfPath(filename);
  LoadOptions load;
  load.dumpAST = job.dumpAST;
  load.specializations = job.specializations;
  load.frontend.kernel = job.kernel;
  load.frontend.numbaTyping = job.options.numbaTyping;
  if ((job.arguments || job.onlyKernel) && !job.kernel.empty() &&
      language == SourceLanguage::Kernel)
    load.specialize = specialize;
  auto module = loadKilnModule(*context_, source, filename, language, os, load);
  if (argumentFailure)
    return llvm::Error(std::move(argumentFailure));
  if (result.stopped)
    return result;
  if (kernelMissing)
    return compileError(CompileErrorKind::KernelNotFound,
                        "no kernel '" + job.kernel + "' in '" + filename.str() +
                            "'");
  if (mlir::failed(module))
    return compileError(CompileErrorKind::Source,
                        "compilation of '" + filename.str() + "' failed");
  if (!*module) {
    result.stopped = true;
    return result;
  }
  if (!job.kernel.empty() &&
      mlir::failed(selectKernel(module->get(), job.kernel)))
    return compileError(CompileErrorKind::KernelNotFound,
                        "no kernel '" + job.kernel + "' in '" + filename.str() +
                            "'");
  if (job.arguments && language == SourceLanguage::KilnMLIR &&
      !resolve(mlirKernelParameters(module->get(), job.kernel))) {
    if (argumentFailure)
      return llvm::Error(std::move(argumentFailure));
    return result;
  }
  std::set<std::string> aligned = job.aligned16;
  if (result.arguments)
    aligned.insert(result.arguments->aligned16.begin(),
                   result.arguments->aligned16.end());
  markAligned16(module->get(), aligned);
  if (job.distinctArrays ||
      (job.arguments && arrayArgumentsDistinct(*job.arguments)))
    markDistinctArrays(module->get());
  result.frontendMs = msSince(start);
  if (job.onKilnModule && !job.onKilnModule(module->get())) {
    result.stopped = true;
    return result;
  }

  StageHooks hooks = job.hooks;
  if (!hooks.timings)
    hooks.timings = &result.timings;
  auto binary = compileKilnModule(module->get(), job.options, hooks);
  if (!binary)
    return compileError(CompileErrorKind::Pipeline,
                        llvm::toString(binary.takeError()));
  result.binary = std::move(*binary);
  result.stopped = result.binary.data.empty();
  return result;
}
