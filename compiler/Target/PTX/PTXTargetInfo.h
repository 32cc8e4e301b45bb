//===- PTXTargetInfo.h - NVPTX lowering choices -----------------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_PTX_PTXTARGETINFO_H
#define KILN_COMPILER_TARGET_PTX_PTXTARGETINFO_H

#include "compiler/Target/TargetInfo.h"

namespace kiln {

/// CUDA through LLVM's NVPTX back end: ptx_kernel entry points, special
/// registers read through the NVVM dialect, warps as sub-groups, CUDA's
/// libdevice as the math library, vprintf for print.
class PTXTargetInfo final : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::PTX; }
  llvm::StringRef getTriple() const override { return "nvptx64-nvidia-cuda"; }
  mlir::LLVM::CConv getKernelCallingConv() const override {
    return mlir::LLVM::CConv::PTX_Kernel;
  }
  mlir::LLVM::CConv getFunctionCallingConv() const override {
    return mlir::LLVM::CConv::C;
  }
  /// NVPTX expands LLVM's frem into x - trunc(x / y) * y, which is wrong
  /// when x / y rounds to an integer (fmod(0.7, 0.1) gave -1.5e-8, not
  /// 0.1); libdevice's fmod is exact, as the spec's math.fmod and Python's
  /// float % and // (built on it) need.
  bool lowersFRemToMathLibrary() const override { return true; }
  /// NVPTX's function attributes: "nvvm.maxntid"="N,1,1" (.maxntid N, 1,
  /// 1: a block of at most N threads) and "nvvm.minctasm"="M"
  /// (.minnctapersm M), CUDA's __launch_bounds__(N, M).
  void annotateLaunchBounds(mlir::LLVM::LLVMFuncOp entryPoint,
                            int64_t maxWorkGroupSize,
                            int64_t minWorkGroupsPerCU) const override;

  // PTXTargetInfo.cpp
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
  unsigned getSubGroupSize() const override { return 32; }
  bool passesLocalAccessorsAsOffsets() const override { return true; }
  mlir::Value getDynamicLocalMemoryBase(mlir::OpBuilder &b,
                                        mlir::Location loc) const override;
  void createBarrier(mlir::OpBuilder &b, mlir::Location loc,
                     kiln::ir::MemoryScope fenceScope) const override;
  void createSubGroupBarrier(mlir::OpBuilder &b,
                             mlir::Location loc) const override;
  llvm::StringRef getSyncScope(kiln::ir::MemoryScope scope) const override;
  bool hasNativeFloatAtomic(kiln::ir::AtomicKind kind,
                            mlir::Type type) const override;
  bool atomicRMWNeedsOrderingFences() const override { return true; }

  // PTXSubGroups.cpp
  mlir::Value createShuffle(mlir::OpBuilder &b, mlir::Location loc,
                            kiln::ir::ShuffleMode mode, mlir::Value value,
                            mlir::Value offset) const override;
  mlir::Value createSubGroupReduce(mlir::OpBuilder &b, mlir::Location loc,
                                   kiln::ir::CollectiveOp op,
                                   mlir::Value value) const override;

  // PTXBuiltins.cpp
  mlir::Value createMathCall(mlir::OpBuilder &b, mlir::Location loc,
                             llvm::StringRef function,
                             mlir::ValueRange args) const override;
  void createPrintf(mlir::OpBuilder &b, mlir::Location loc,
                    llvm::StringRef format,
                    mlir::ValueRange args) const override;
};

} // namespace kiln

#endif // KILN_COMPILER_TARGET_PTX_PTXTARGETINFO_H
