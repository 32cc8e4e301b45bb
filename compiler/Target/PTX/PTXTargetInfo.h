//===- PTXTargetInfo.h - NVPTX lowering choices -----------------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_PTX_PTXTARGETINFO_H
#define KILN_COMPILER_TARGET_PTX_PTXTARGETINFO_H

#include "compiler/Target/TargetInfo.h"

namespace kiln {

/// CUDA through LLVM's NVPTX back end: ptx_kernel entry points, special
/// registers read through the NVVM dialect.
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
  mlir::Value getGlobalId(mlir::OpBuilder &builder, mlir::Location loc,
                          unsigned dim) const override;
};

} // namespace kiln

#endif // KILN_COMPILER_TARGET_PTX_PTXTARGETINFO_H
