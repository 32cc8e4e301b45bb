//===- SPIRVTargetInfo.h - SPIR-V (OpenCL flavour) choices ------*- C++ -*-===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVTARGETINFO_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVTARGETINFO_H

#include "compiler/Target/TargetInfo.h"

namespace kiln {

/// OpenCL-flavoured SPIR-V through LLVM's SPIR-V back end: spir_kernel entry
/// points; work-item queries, barriers, sub-group operations, math and
/// printf are OpenCL C builtins (Itanium-mangled), which the back end turns
/// into SPIR-V BuiltIn variables, instructions and OpenCL.std ExtInsts.
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
  /// bfloat16 needs SPV_KHR_bfloat16, which OpenCL consumers lack: it is
  /// reported at the source instead of failing in the SPIR-V back end.
  std::optional<std::string>
  getUnsupportedTypeMessage(mlir::Type type) const override {
    if (!type.isBF16())
      return std::nullopt;
    return std::string("bfloat16 is not supported by the SPIR-V target (it "
                       "needs SPV_KHR_bfloat16); use the PTX target or "
                       "float16/float32");
  }

  // SPIRVTargetInfo.cpp
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

  mlir::Value createCompareExchange(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value ptr, mlir::Value expected,
                                    mlir::Value desired,
                                    kiln::ir::MemoryOrder order,
                                    kiln::ir::MemoryScope scope) const override;

  mlir::Value createAtomicLoad(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value ptr, mlir::Type bits,
                               kiln::ir::MemoryOrder order,
                               kiln::ir::MemoryScope scope) const override;
  void createAtomicStore(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value ptr, mlir::Value value,
                         kiln::ir::MemoryOrder order,
                         kiln::ir::MemoryScope scope) const override;

  // SPIRVBuiltins.cpp
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

/// Calls the OpenCL builtin `mangledName` (declared spir_func on first use).
/// Barriers and sub-group operations are `convergent`: LLVM must not make
/// them control dependent on more values (duplicate them into branches).
mlir::Value callOpenCLBuiltin(mlir::OpBuilder &b, mlir::Location loc,
                              llvm::StringRef mangledName, mlir::Type result,
                              mlir::ValueRange args, bool convergent = false);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVTARGETINFO_H
