// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// NdItem and Group queries are hardware reads; the global range comes from
// the index object.

kiln.kernel @q(%nd: !kiln.nd_item, %out: !kiln.array<i64, 1>) {
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

// SPIRV-LABEL: llvm.func internal spir_funccc @__kiln_body_q
// SPIRV: llvm.call spir_funccc @_Z12get_local_idj
// SPIRV: llvm.call spir_funccc @_Z14get_local_sizej
// SPIRV: llvm.call spir_funccc @_Z12get_group_idj
// SPIRV: llvm.call spir_funccc @_Z14get_num_groupsj
// SPIRV: llvm.extractvalue %arg0[1] : !llvm.array<3 x i64>
// NdRange launches cover whole work-groups: the entry point has no guard.
// SPIRV-LABEL: llvm.func spir_kernelcc @q
// SPIRV-NOT: llvm.cond_br
// SPIRV: llvm.call spir_funccc @__kiln_body_q

// PTX-LABEL: llvm.func internal @__kiln_body_q
// PTX: nvvm.read.ptx.sreg.tid.y
// PTX: nvvm.read.ptx.sreg.ntid.x
// PTX: nvvm.read.ptx.sreg.ctaid.z
// PTX: nvvm.read.ptx.sreg.nctaid.x
