// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// Shuffles are shfl.sync on warps (64-bit values in two halves) and OpenCL
// sub-group builtins on SPIR-V; reductions on PTX are a shuffle-down tree
// over the lanes present (active mask), lane 0 handing the result to all.

kiln.kernel @sg(%nd: !kiln.nd_item, %a: !kiln.array<f64, 1>) {
  %s = kiln.get_sub_group %nd
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %v = kiln.load %a[%c0] : !kiln.array<f64, 1>
  %d = kiln.sub_group_shuffle down %s, %v, %c1 : f64
  %r = kiln.sub_group_reduce add %s, %d : f64
  kiln.store %r, %a[%c0] : !kiln.array<f64, 1>
  kiln.return
}

// PTX-LABEL: @__kiln_body_sg
// PTX-COUNT-2: nvvm.shfl.sync  down
// PTX: llvm.call_intrinsic "llvm.nvvm.activemask"
// PTX: nvvm.read.ptx.sreg.laneid
// PTX-COUNT-10: nvvm.shfl.sync  down
// PTX: llvm.fadd
// PTX-COUNT-2: nvvm.shfl.sync  idx

// SPIRV-LABEL: @__kiln_body_sg
// SPIRV: llvm.call spir_funccc @_Z22sub_group_shuffle_downdj(%{{.+}}, %{{.+}}) {convergent}
// SPIRV: llvm.call spir_funccc @_Z20sub_group_reduce_addd(%{{.+}}) {convergent}
