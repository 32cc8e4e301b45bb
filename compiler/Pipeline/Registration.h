//===- Registration.h - Everything a Kiln MLIRContext needs -----*- C++ -*-===//
#ifndef KILN_COMPILER_PIPELINE_REGISTRATION_H
#define KILN_COMPILER_PIPELINE_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace kiln {

/// Registers the kiln dialect, the upstream dialects the pipeline goes
/// through, their LLVM-lowering interfaces and LLVM IR translations.
void registerKilnCompilerDialects(mlir::DialectRegistry &registry);

/// Registers Kiln's passes and pipelines (for kiln-opt).
void registerKilnPasses();

} // namespace kiln

#endif // KILN_COMPILER_PIPELINE_REGISTRATION_H
