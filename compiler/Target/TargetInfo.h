//===- TargetInfo.h - Lowering choices that differ per target ---*- C++ -*-===//
//
// Everything the kiln→LLVM lowering needs to know about a back end sits
// behind this interface (the idea of Triton's TargetInfoBase), so the
// conversion patterns themselves are written once for every target.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_TARGETINFO_H
#define KILN_COMPILER_TARGET_TARGETINFO_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace kiln {

enum class TargetKind { PTX, SPIRV };

/// Parses "ptx" / "spirv"; std::nullopt otherwise.
std::optional<TargetKind> parseTargetKind(llvm::StringRef name);
llvm::StringRef targetKindName(TargetKind kind);

class TargetInfo {
public:
  virtual ~TargetInfo() = default;

  virtual TargetKind getKind() const = 0;
  /// The LLVM target triple of the device code.
  virtual llvm::StringRef getTriple() const = 0;
  /// Calling convention of kernel entry points and of internal functions.
  virtual mlir::LLVM::CConv getKernelCallingConv() const = 0;
  virtual mlir::LLVM::CConv getFunctionCallingConv() const = 0;
  /// Address space of global memory (CUDA global, OpenCL CrossWorkgroup).
  unsigned getGlobalAddressSpace() const { return 1; }
  /// Emits the global id of the current work-item in `dim` as an i64.
  virtual mlir::Value getGlobalId(mlir::OpBuilder &builder, mlir::Location loc,
                                  unsigned dim) const = 0;
};

std::unique_ptr<TargetInfo> createTargetInfo(TargetKind kind);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_TARGETINFO_H
