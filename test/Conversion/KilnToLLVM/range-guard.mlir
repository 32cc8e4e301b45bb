// RUN: kiln-opt %s --split-input-file --convert-kiln-to-llvm=target=ptx | FileCheck %s
// Work-items outside the launch range skip the body, so a back end may
// round the grid up to whole work-groups. Range dimension d is compared
// with the id read from hardware axis rank-1-d.

kiln.kernel @guarded(%item: !kiln.item) attributes {kiln.launch_rank = 2 : i64} {
  kiln.return
}

// A 2-D kernel: dimension 0 on y, dimension 1 on x, dimension 2 absent (0).
// CHECK-LABEL: llvm.func ptx_kernelcc @guarded
// CHECK-SAME: (%[[R0:.+]]: i64, %[[R1:.+]]: i64, %[[R2:.+]]: i64)
// CHECK: nvvm.read.ptx.sreg.ctaid.y
// CHECK: %[[OK0:.+]] = llvm.icmp "ult" %{{.+}}, %[[R0]] : i64
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: %[[OK1:.+]] = llvm.icmp "ult" %{{.+}}, %[[R1]] : i64
// CHECK: %[[BOTH:.+]] = llvm.and %[[OK0]], %[[OK1]]
// CHECK: %[[ZERO:.+]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[OK2:.+]] = llvm.icmp "ult" %[[ZERO]], %[[R2]] : i64
// CHECK: %[[ALL:.+]] = llvm.and %[[BOTH]], %[[OK2]]
// CHECK: llvm.cond_br %[[ALL]], ^[[CALL:.+]], ^[[EXIT:.+]]
// CHECK: ^[[CALL]]:
// CHECK: llvm.call @__kiln_body_guarded

// -----

kiln.kernel @any_rank(%item: !kiln.item) {
  kiln.return
}

// Without a launch rank the axis of dimension 0 is chosen at run time:
// x for rank 1, y for rank 2, z for rank 3.
// CHECK-LABEL: llvm.func ptx_kernelcc @any_rank
// CHECK-SAME: (%[[R0:.+]]: i64, %{{.+}}: i64, %{{.+}}: i64, %[[RANK:.+]]: i64)
// CHECK: %[[X:.+]] = llvm.add
// CHECK: %[[TWO:.+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[IS2:.+]] = llvm.icmp "eq" %[[RANK]], %[[TWO]] : i64
// CHECK: %[[Y:.+]] = llvm.add
// CHECK: %[[SEL2:.+]] = llvm.select %[[IS2]], %[[Y]], %[[X]] : i1, i64
// CHECK: %[[THREE:.+]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: %[[IS3:.+]] = llvm.icmp "eq" %[[RANK]], %[[THREE]] : i64
// CHECK: %[[Z:.+]] = llvm.add
// CHECK: %[[ID0:.+]] = llvm.select %[[IS3]], %[[Z]], %[[SEL2]] : i1, i64
// CHECK: llvm.icmp "ult" %[[ID0]], %[[R0]] : i64
