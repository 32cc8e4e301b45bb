//===- SourceLoader.h - Kernel source or kiln MLIR → kiln module -*- C++
//-*-===//
//
// The front door of the compiler for tools and embedders: a `.py` kernel
// module goes through the frontend (lexer, parser, type checker) and
// MLIRGen; a `.mlir` file (what DSLs emit) is parsed as kiln dialect. Both
// end as a verified kiln module.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_DRIVER_SOURCELOADER_H
#define KILN_COMPILER_DRIVER_SOURCELOADER_H

#include "compiler/Frontend/FrontendOptions.h"
#include "compiler/Frontend/Specialization.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace kiln {
namespace ast {
struct Module;
} // namespace ast

enum class SourceLanguage { Kernel, KilnMLIR };

/// `.mlir` files are kiln dialect; everything else is kernel source.
SourceLanguage languageOfPath(llvm::StringRef path);

struct LoadOptions {
  /// If set, the checked AST of kernel source is printed here and loading
  /// stops (returns null without error output).
  llvm::raw_ostream *dumpAST = nullptr;
  /// Signatures of generic kernels (kernel source only; see
  /// Specialization.h and parseAndCheck). Kiln MLIR input is already
  /// specialized: giving any here for it is an error.
  std::vector<Specialization> specializations;
  /// Typing rules and the one kernel compiled (kernel source only).
  FrontendOptions frontend;
  /// When set (kernel source only), replaces `specializations`: called
  /// with the parsed module before type checking, it picks them from the
  /// module itself (Frontend.h); nullopt stops loading with failure.
  llvm::function_ref<std::optional<std::vector<Specialization>>(
      const ast::Module &)>
      specialize;
};

/// Builds a verified kiln module from `source` (named `filename` in
/// diagnostics). Errors are printed to `diagnostics` as
/// FILE:LINE:COL: error: ... with the source line and a caret. A null
/// module with success means loading stopped after dumping the AST.
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>
loadKilnModule(mlir::MLIRContext &context, llvm::StringRef source,
               llvm::StringRef filename, SourceLanguage language,
               llvm::raw_ostream &diagnostics, const LoadOptions &options = {});

} // namespace kiln

#endif // KILN_COMPILER_DRIVER_SOURCELOADER_H
