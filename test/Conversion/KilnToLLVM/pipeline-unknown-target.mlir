// RUN: not kiln-opt %s --kiln-to-llvm=target=cuda 2>&1 | FileCheck %s
// RUN: kiln-opt %s --kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// The kiln-to-llvm pipeline refuses a target it does not know rather than
// lowering for SPIR-V.

// CHECK: error: kiln-to-llvm: unknown target 'cuda' (expected ptx, spirv or host)

// PTX: llvm.func ptx_kernelcc @empty(
kiln.kernel @empty(%item: !kiln.item) {
  kiln.return
}
