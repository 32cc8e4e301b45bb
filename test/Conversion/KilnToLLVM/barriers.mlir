// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// Barriers are convergent calls; a device fence scope adds a fence.

kiln.kernel @b(%nd: !kiln.nd_item) {
  %g = kiln.get_group %nd
  %sg = kiln.get_sub_group %nd
  kiln.barrier %g, work_group
  kiln.barrier %g, device
  kiln.sub_group_barrier %sg
  kiln.atomic_fence acq_rel, work_group
  kiln.return
}

// SPIRV: llvm.func spir_funccc @_Z7barrierj(i32) attributes {convergent}
// SPIRV-LABEL: @__kiln_body_b
// SPIRV: llvm.call spir_funccc @_Z7barrierj(%{{.+}}) {convergent}
// SPIRV: llvm.fence syncscope("device") acq_rel
// SPIRV: llvm.call spir_funccc @_Z7barrierj(%{{.+}}) {convergent}
// SPIRV: llvm.call spir_funccc @_Z17sub_group_barrierj(%{{.+}}) {convergent}
// SPIRV: llvm.fence syncscope("workgroup") acq_rel

// PTX-LABEL: @__kiln_body_b
// PTX: nvvm.barrier0
// PTX: llvm.fence syncscope("device") acq_rel
// PTX: nvvm.barrier0
// PTX: llvm.call_intrinsic "llvm.nvvm.bar.warp.sync"
// PTX: llvm.fence syncscope("block") acq_rel
