//===- SPIRVTargetInfo.h - SPIR-V (OpenCL flavour) choices ------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVTARGETINFO_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVTARGETINFO_H

#include "compiler/Target/TargetInfo.h"

namespace kiln {

/// OpenCL-flavoured SPIR-V through LLVM's SPIR-V back end: spir_kernel entry
/// points; work-item queries are OpenCL builtins (Itanium-mangled), which
/// the back end turns into SPIR-V BuiltIn variables.
class SPIRVTargetInfo final : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::SPIRV; }
  llvm::StringRef getTriple() const override {
    return "spirv64-unknown-unknown";
  }
  mlir::LLVM::CConv getKernelCallingConv() const override {
    return mlir::LLVM::CConv::SPIR_KERNEL;
  }
  mlir::LLVM::CConv getFunctionCallingConv() const override {
    return mlir::LLVM::CConv::SPIR_FUNC;
  }
  mlir::Value getGlobalId(mlir::OpBuilder &builder, mlir::Location loc,
                          unsigned dim) const override;
};

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVTARGETINFO_H
