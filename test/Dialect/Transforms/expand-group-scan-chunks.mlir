// RUN: kiln-opt %s --kiln-expand-group-collectives | FileCheck %s
// A scan loops over the group in chunks of 1024 work-items. A group has at
// least one work-item, so the chunk count is written (size - 1) / 1024 + 1
// with a nuw add: LLVM then knows the loop runs at least once and emits no
// zero-trip branch around it. That branch joined the loop's exit with a
// path that skips the loop's barriers, and PoCL's barrier tail replication
// copied everything after it once per barrier of the loop: with debug-mode
// bounds checks between scans, 15 scans took minutes to build.

kiln.kernel @scan(%nd: !kiln.nd_item, %a: !kiln.array<i32, 1>) {
  %g = kiln.get_group %nd
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%c0] : !kiln.array<i32, 1>
  %s = kiln.group_scan inclusive add %g, %v : i32
  kiln.store %s, %a[%c0] : !kiln.array<i32, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @scan
// CHECK: %[[SLOTS:.+]] = arith.constant 1024 : i64
// CHECK: %[[BELOW:.+]] = arith.subi %{{.+}}, %[[ONE:.+]] : i64
// CHECK-NEXT: %[[DIV:.+]] = arith.divui %[[BELOW]], %[[SLOTS]] : i64
// CHECK-NEXT: %[[CHUNKS:.+]] = arith.addi %[[DIV]], %[[ONE]] overflow<nuw> : i64
// CHECK-NEXT: scf.for %{{.+}} = %{{.+}} to %[[CHUNKS]] step
