//===- Frontend.h - Entry point of the Kiln frontend ------------*- C++ -*-===//
//
// Source text in, checked AST out: lexing, parsing and type checking of a
// kernel module. This is all tools and the JIT need from the frontend; the
// checked AST then goes to MLIRGen (compiler/MLIRGen/MLIRGen.h).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_FRONTEND_H
#define KILN_FRONTEND_FRONTEND_H

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/Diagnostics.h"
#include "compiler/Frontend/FrontendOptions.h"
#include "compiler/Frontend/Specialization.h"

#include <memory>

namespace kiln {

/// Parses `source` without type checking (for `kilnc --emit=ast`-style
/// tools that want the raw tree). Errors go to `diags`; the returned module
/// holds whatever parsed, even when there were errors.
std::unique_ptr<ast::Module> parse(llvm::StringRef source,
                                   llvm::StringRef filename,
                                   DiagnosticEngine &diags);

/// Parses and type-checks `source` (named `filename` in diagnostics and
/// locations). Returns null if any error was reported to `diags`; every
/// error has been printed with its location by then. `diags` must outlive
/// the returned module only if its SourceLocs are used for diagnostics.
///
/// `specs` specializes generic kernels (unannotated or `Constant[T]`
/// parameters; see Specialization.h), at most one per kernel. With no
/// specs, a generic kernel is an error naming its first generic parameter;
/// with specs, generic kernels that have none are left out of the module
/// (they are not checked), so that the JIT can compile just the kernels it
/// launches. Non-generic kernels are always compiled. `options` (typing
/// rules, the one kernel compiled) are FrontendOptions.h's.
std::unique_ptr<ast::Module>
parseAndCheck(llvm::StringRef source, llvm::StringRef filename,
              DiagnosticEngine &diags,
              const std::vector<Specialization> &specs = {},
              const FrontendOptions &options = {});

/// Computes the specializations of a parsed, not yet checked module; nullopt
/// stops compilation (the provider has said why, to its caller).
using SpecializationProvider =
    llvm::function_ref<std::optional<std::vector<Specialization>>(
        const ast::Module &)>;

/// parseAndCheck with the specializations chosen after parsing, from the
/// module itself (one parse: a JIT specializing from launch arguments
/// needs to know which parameters are generic). Returns null when the
/// provider stops or any error was reported.
std::unique_ptr<ast::Module> parseAndCheck(llvm::StringRef source,
                                           llvm::StringRef filename,
                                           DiagnosticEngine &diags,
                                           SpecializationProvider specialize,
                                           const FrontendOptions &options = {});

/// The parameters of kernel `kernel` in a parsed module that may take
/// launch arguments, with their roles read off the annotations: all but a
/// first parameter annotated `Item` or `NdItem` (an unannotated first one
/// has role WorkItem); nullopt when there is no such kernel.
std::optional<std::vector<DeclaredParameter>>
declaredKernelParameters(const ast::Module &module, llvm::StringRef kernel);

} // namespace kiln

#endif // KILN_FRONTEND_FRONTEND_H
