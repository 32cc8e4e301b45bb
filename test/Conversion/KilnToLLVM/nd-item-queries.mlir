// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// NdItem and Group queries are hardware reads; the global range comes from
// the index object. Range dimension d of a 3-D launch is hardware axis 2-d
// (dimension 2, the last, on x / OpenCL dimension 0).

kiln.kernel @q(%nd: !kiln.nd_item, %out: !kiln.array<i64, 1>) attributes {kiln.launch_rank = 3 : i64} {
  %g = kiln.get_group %nd
  %l = kiln.query local_id %nd[1] : !kiln.nd_item
  %r = kiln.query local_range %nd[0] : !kiln.nd_item
  %gi = kiln.query group_id %g[2] : !kiln.group
  %gr = kiln.query group_range %g[0] : !kiln.group
  %n = kiln.query global_range %nd[1] : !kiln.nd_item
  kiln.store %l, %out[%r] : !kiln.array<i64, 1>
  kiln.store %gi, %out[%gr] : !kiln.array<i64, 1>
  kiln.store %n, %out[%n] : !kiln.array<i64, 1>
  kiln.return
}

// In the body the rank is the item's element 3; the entry point's constant
// 3 folds each choice once inlined (see the Target tests).
// SPIRV-LABEL: llvm.func internal spir_funccc @__kiln_body_q
// SPIRV: %[[ONE:.+]] = llvm.mlir.constant(1 : i32) : i32
// SPIRV: llvm.call spir_funccc @_Z12get_local_idj(%[[ONE]])
// SPIRV: llvm.call spir_funccc @_Z14get_local_sizej
// SPIRV: llvm.call spir_funccc @_Z12get_group_idj
// SPIRV: llvm.call spir_funccc @_Z14get_num_groupsj
// SPIRV: llvm.extractvalue %arg0[1] : !llvm.array<4 x i64>
// NdRange launches cover whole work-groups: the entry point has no guard.
// SPIRV-LABEL: llvm.func spir_kernelcc @q
// SPIRV-NOT: llvm.cond_br
// SPIRV: llvm.call spir_funccc @__kiln_body_q

// PTX-LABEL: llvm.func internal @__kiln_body_q
// PTX: nvvm.read.ptx.sreg.tid.y
// PTX: nvvm.read.ptx.sreg.ntid
// PTX: nvvm.read.ptx.sreg.ctaid
// PTX: nvvm.read.ptx.sreg.nctaid
