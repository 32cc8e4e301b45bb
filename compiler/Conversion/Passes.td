//===- Passes.td - Kiln conversion passes ------------------*- tablegen -*-===//
#ifndef KILN_CONVERSION_PASSES_TD
#define KILN_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertKilnToLLVM : Pass<"convert-kiln-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower the kiln dialect (with arith/math/memref/cf/func) to LLVM";
  let description = [{
    Turns kiln kernels into target entry points that follow the native
    kernel ABI of `runtime/include/kiln/runtime/KernelMetadata.h`: three i64
    range extents, then scalars and (pointer, extents...) per array. The
    kernel body becomes an internal always-inline function over structured
    values (`!kiln.array` → struct of pointer and extents, `!kiln.item` →
    array of three extents) and the entry point guards work-items outside
    the launch range. Target differences come from a TargetInfo.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"spirv\"",
           "Device target whose conventions to follow: ptx or spirv">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // KILN_CONVERSION_PASSES_TD
