// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s
// Work-items outside the launch range skip the body, so a back end may
// round the grid up to whole work-groups.

kiln.kernel @guarded(%item: !kiln.item) {
  kiln.return
}

// CHECK-LABEL: llvm.func ptx_kernelcc @guarded
// CHECK-SAME: (%[[R0:.+]]: i64, %[[R1:.+]]: i64, %[[R2:.+]]: i64)
// CHECK: %[[OK0:.+]] = llvm.icmp "ult" %{{.+}}, %[[R0]] : i64
// CHECK: %[[OK1:.+]] = llvm.icmp "ult" %{{.+}}, %[[R1]] : i64
// CHECK: %[[BOTH:.+]] = llvm.and %[[OK0]], %[[OK1]]
// CHECK: %[[OK2:.+]] = llvm.icmp "ult" %{{.+}}, %[[R2]] : i64
// CHECK: %[[ALL:.+]] = llvm.and %[[BOTH]], %[[OK2]]
// CHECK: llvm.cond_br %[[ALL]], ^[[CALL:.+]], ^[[EXIT:.+]]
// CHECK: ^[[CALL]]:
// CHECK: llvm.call @__kiln_body_guarded
