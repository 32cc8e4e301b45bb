//===- HostTargetInfo.h - The host CPU's lowering choices ------*- C++ -*-===//
//
// The host target (docs/cpu-backend.md): kernels become C functions of the
// host CPU. One address space (0) for global, local and private memory;
// the work-item queries are calls to placeholder functions
// (`__kiln_host_local_id(i32 axis)`, ...) that the host back end replaces
// with the loops of the work-group function it builds around each entry
// point (HostWorkGroupFunction.h). Math is libm's, print is printf.
//
// Stage 1 of issue 20: barriers, local memory, sub-groups and the group
// collectives (which expand into barriers and local memory) are refused
// with a located error naming the feature (getUnsupportedOpMessage).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_HOST_HOSTTARGETINFO_H
#define KILN_COMPILER_TARGET_HOST_HOSTTARGETINFO_H

#include "compiler/Target/TargetInfo.h"

namespace kiln {

/// The placeholder work-item queries the host lowering emits and the host
/// back end resolves: each takes an i32 hardware axis (0: the innermost,
/// the last range dimension) and returns an i64.
inline constexpr llvm::StringLiteral kHostLocalIdFunction =
    "__kiln_host_local_id";
inline constexpr llvm::StringLiteral kHostLocalRangeFunction =
    "__kiln_host_local_range";
inline constexpr llvm::StringLiteral kHostGroupIdFunction =
    "__kiln_host_group_id";
inline constexpr llvm::StringLiteral kHostGroupRangeFunction =
    "__kiln_host_group_range";
/// The function attribute marking a kernel entry point on the host target
/// (and its argument-block clone): the back end wraps exactly these.
inline constexpr llvm::StringLiteral kHostKernelAttribute = "kiln-host-kernel";

class HostTargetInfo final : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::Host; }
  /// The lowering's triple; the back end sets the one it compiles for
  /// (the running machine's, or the --arch's) before -O.
  llvm::StringRef getTriple() const override {
    return "x86_64-unknown-linux-gnu";
  }
  mlir::LLVM::CConv getKernelCallingConv() const override {
    return mlir::LLVM::CConv::C;
  }
  mlir::LLVM::CConv getFunctionCallingConv() const override {
    return mlir::LLVM::CConv::C;
  }
  unsigned getGlobalAddressSpace() const override { return 0; }
  unsigned getLocalAddressSpace() const override { return 0; }
  unsigned getPrivateAddressSpace() const override { return 0; }

  std::optional<std::string>
  getUnsupportedOpMessage(mlir::Operation *op) const override;

  mlir::Value getGlobalId(mlir::OpBuilder &b, mlir::Location loc,
                          unsigned dim) const override;
  mlir::Value getLocalId(mlir::OpBuilder &b, mlir::Location loc,
                         unsigned dim) const override;
  mlir::Value getLocalRange(mlir::OpBuilder &b, mlir::Location loc,
                            unsigned dim) const override;
  mlir::Value getGroupId(mlir::OpBuilder &b, mlir::Location loc,
                         unsigned dim) const override;
  mlir::Value getGroupRange(mlir::OpBuilder &b, mlir::Location loc,
                            unsigned dim) const override;
  mlir::Value getSubGroupQuery(mlir::OpBuilder &b, mlir::Location loc,
                               kiln::ir::QueryKind kind) const override;
  unsigned getSubGroupSize() const override { return 0; }
  bool passesLocalAccessorsAsOffsets() const override { return false; }
  void createBarrier(mlir::OpBuilder &b, mlir::Location loc,
                     kiln::ir::MemoryScope fenceScope) const override;
  void createSubGroupBarrier(mlir::OpBuilder &b,
                             mlir::Location loc) const override;
  llvm::StringRef getSyncScope(kiln::ir::MemoryScope scope) const override;
  bool hasNativeFloatAtomic(kiln::ir::AtomicKind kind,
                            mlir::Type type) const override;
  void annotateLaunchBounds(mlir::LLVM::LLVMFuncOp entryPoint,
                            int64_t maxWorkGroupSize,
                            int64_t minWorkGroupsPerCU) const override;
  mlir::Value createShuffle(mlir::OpBuilder &b, mlir::Location loc,
                            kiln::ir::ShuffleMode mode, mlir::Value value,
                            mlir::Value offset) const override;
  mlir::Value createSubGroupReduce(mlir::OpBuilder &b, mlir::Location loc,
                                   kiln::ir::CollectiveOp op,
                                   mlir::Value value) const override;
  mlir::Value createMathCall(mlir::OpBuilder &b, mlir::Location loc,
                             llvm::StringRef function,
                             mlir::ValueRange args) const override;
  void createPrintf(mlir::OpBuilder &b, mlir::Location loc,
                    llvm::StringRef format,
                    mlir::ValueRange args) const override;
};

} // namespace kiln

#endif // KILN_COMPILER_TARGET_HOST_HOSTTARGETINFO_H
