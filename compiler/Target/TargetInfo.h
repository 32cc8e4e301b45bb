//===- TargetInfo.h - Lowering choices that differ per target ---*- C++ -*-===//
//
// Everything the kiln→LLVM lowering needs to know about a back end sits
// behind this interface (the idea of Triton's TargetInfoBase), so the
// conversion patterns themselves are written once for every target.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_TARGETINFO_H
#define KILN_COMPILER_TARGET_TARGETINFO_H

#include "dialects/Kiln/IR/KilnEnums.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace kiln {

enum class TargetKind { PTX, SPIRV, Host };

/// Parses "ptx" / "spirv" / "host"; std::nullopt otherwise.
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
  /// Address spaces (CUDA global/shared, OpenCL CrossWorkgroup/Workgroup;
  /// private arrays are allocas; the host has one address space, 0).
  virtual unsigned getGlobalAddressSpace() const { return 1; }
  virtual unsigned getLocalAddressSpace() const { return 3; }
  virtual unsigned getPrivateAddressSpace() const { return 0; }
  unsigned getAddressSpace(kiln::ir::MemorySpace space) const;

  //===--- Index space (every query returns an i64) -----------------------===//
  virtual mlir::Value getGlobalId(mlir::OpBuilder &b, mlir::Location loc,
                                  unsigned dim) const = 0;
  virtual mlir::Value getLocalId(mlir::OpBuilder &b, mlir::Location loc,
                                 unsigned dim) const = 0;
  virtual mlir::Value getLocalRange(mlir::OpBuilder &b, mlir::Location loc,
                                    unsigned dim) const = 0;
  virtual mlir::Value getGroupId(mlir::OpBuilder &b, mlir::Location loc,
                                 unsigned dim) const = 0;
  virtual mlir::Value getGroupRange(mlir::OpBuilder &b, mlir::Location loc,
                                    unsigned dim) const = 0;
  /// One of the four SubGroup* query kinds.
  virtual mlir::Value getSubGroupQuery(mlir::OpBuilder &b, mlir::Location loc,
                                       kiln::ir::QueryKind kind) const = 0;
  /// The sub-group size the code assumes (0: the device decides).
  virtual unsigned getSubGroupSize() const = 0;

  //===--- Local memory ---------------------------------------------------===//
  /// True when LocalAccessor arguments are byte offsets into the launch's
  /// dynamic local memory (CUDA) rather than pointers (OpenCL).
  virtual bool passesLocalAccessorsAsOffsets() const = 0;
  /// The base of dynamic local memory (only where passed as offsets).
  virtual mlir::Value getDynamicLocalMemoryBase(mlir::OpBuilder &b,
                                                mlir::Location loc) const;

  //===--- Synchronisation ------------------------------------------------===//
  virtual void createBarrier(mlir::OpBuilder &b, mlir::Location loc,
                             kiln::ir::MemoryScope fenceScope) const = 0;
  virtual void createSubGroupBarrier(mlir::OpBuilder &b,
                                     mlir::Location loc) const = 0;
  /// The LLVM syncscope of a memory scope for atomics and fences.
  virtual llvm::StringRef getSyncScope(kiln::ir::MemoryScope scope) const = 0;
  /// Whether `kind` on a float of `type` maps to one atomicrmw instruction
  /// (otherwise lowering emits a compare-exchange loop). Not asked for
  /// exchange, which is an integer exchange of the bits on every target.
  virtual bool hasNativeFloatAtomic(kiln::ir::AtomicKind kind,
                                    mlir::Type type) const = 0;
  /// True when the back end drops the ordering of an atomicrmw (LLVM 22's
  /// NVPTX writes every one as a relaxed `atom`): lowering then adds the
  /// fences that give it its order.
  virtual bool atomicRMWNeedsOrderingFences() const { return false; }

  /// Expresses a kernel's launch bounds on its entry point: work-groups of
  /// at most `maxWorkGroupSize` work-items (0: none given), of which the
  /// back end should fit `minWorkGroupsPerCU` on a compute unit (0: none
  /// given). Only hints that keep the kernel's meaning: a target without
  /// such hints ignores them (SPIR-V: OpenCL's reqd_work_group_size would
  /// require one exact size, not bound it).
  virtual void annotateLaunchBounds(mlir::LLVM::LLVMFuncOp entryPoint,
                                    int64_t maxWorkGroupSize,
                                    int64_t minWorkGroupsPerCU) const {}

  /// A strong compare-exchange of the integer at `ptr`; returns the value
  /// seen (success is `seen == expected`).
  virtual mlir::Value createCompareExchange(mlir::OpBuilder &b,
                                            mlir::Location loc, mlir::Value ptr,
                                            mlir::Value expected,
                                            mlir::Value desired,
                                            kiln::ir::MemoryOrder order,
                                            kiln::ir::MemoryScope scope) const;

  /// An atomic load of the integer of type `bits` at `ptr`.
  virtual mlir::Value createAtomicLoad(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::Value ptr, mlir::Type bits,
                                       kiln::ir::MemoryOrder order,
                                       kiln::ir::MemoryScope scope) const;
  /// An atomic store of the integer `value` at `ptr`.
  virtual void createAtomicStore(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value ptr, mlir::Value value,
                                 kiln::ir::MemoryOrder order,
                                 kiln::ir::MemoryScope scope) const;

  //===--- Sub-group operations -------------------------------------------===//
  virtual mlir::Value createShuffle(mlir::OpBuilder &b, mlir::Location loc,
                                    kiln::ir::ShuffleMode mode,
                                    mlir::Value value,
                                    mlir::Value offset) const = 0;
  virtual mlir::Value createSubGroupReduce(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           kiln::ir::CollectiveOp op,
                                           mlir::Value value) const = 0;

  //===--- What the target cannot express ---------------------------------===//
  /// The error for a value of scalar type `type` (an array's element type
  /// included) when the target cannot represent it, reported at the op
  /// that uses it; std::nullopt when it can.
  virtual std::optional<std::string>
  getUnsupportedTypeMessage(mlir::Type type) const {
    return std::nullopt;
  }
  /// The error for an operation (or a kernel's parameter) using a feature
  /// the target cannot run yet, reported at the op before any kiln pass
  /// rewrites it (checkTargetSupportsOps); std::nullopt when it can.
  virtual std::optional<std::string>
  getUnsupportedOpMessage(mlir::Operation *op) const {
    return std::nullopt;
  }
  /// True when `arith.remf` must call the math library's fmod because the
  /// back end's own `frem` is inexact.
  virtual bool lowersFRemToMathLibrary() const { return false; }

  //===--- Builtins -------------------------------------------------------===//
  /// Calls the device math library's `function` (OpenCL C names: "sin",
  /// "atan2", "rsqrt", ...) on float operands of one type.
  virtual mlir::Value createMathCall(mlir::OpBuilder &b, mlir::Location loc,
                                     llvm::StringRef function,
                                     mlir::ValueRange args) const = 0;
  /// Device printf of a C format and scalar arguments (floats as f64).
  virtual void createPrintf(mlir::OpBuilder &b, mlir::Location loc,
                            llvm::StringRef format,
                            mlir::ValueRange args) const = 0;
};

/// Declares `name` with `type` in the module enclosing the builder's
/// insertion point, once; shared by the targets' builtin calls.
mlir::LLVM::LLVMFuncOp getOrDeclareFunction(mlir::OpBuilder &b,
                                            llvm::StringRef name,
                                            mlir::LLVM::LLVMFunctionType type,
                                            mlir::LLVM::CConv cconv);

std::unique_ptr<TargetInfo> createTargetInfo(TargetKind kind);

/// Reports the first op of `module` that `target` cannot run
/// (TargetInfo::getUnsupportedOpMessage) at its location.
mlir::LogicalResult checkTargetSupportsOps(mlir::ModuleOp module,
                                           const TargetInfo &target);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_TARGETINFO_H
