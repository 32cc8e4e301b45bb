// RUN: kiln-opt %s --kiln-expand-group-collectives=sub-group-size=4 | FileCheck %s
// group_scan with a fixed sub-group size (here 4: two shuffle-up steps):
// each step takes the lower lane's value only where that lane exists
// (local id >= offset); the last work-item of each sub-group (its own,
// possibly short, range - 1) publishes the total into slot sub-group id;
// the first sub-group scans the totals, shifts them up one lane into
// exclusive prefixes and stores them from slot N + 1 = 5 on (apart from
// the partials, which the next collective may overwrite before its first
// barrier); every work-item combines its prefix with its exclusive value.
// Two barriers, no loop.

kiln.kernel @scan(%nd: !kiln.nd_item, %a: !kiln.array<i64, 1>) {
  %g = kiln.get_group %nd
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%c0] : !kiln.array<i64, 1>
  %s = kiln.group_scan exclusive min %g, %v : i64
  kiln.store %s, %a[%c0] : !kiln.array<i64, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @scan
// CHECK: %[[BUF:.+]] = kiln.local_alloc [9] : <i64, 1, local>
// CHECK: %[[SG:.+]] = kiln.group_sub_group
// CHECK-DAG: %[[ID:.+]] = kiln.query sub_group_id %[[SG]][0]
// CHECK-DAG: %[[LID:.+]] = kiln.query sub_group_local_id %[[SG]][0]
// CHECK-DAG: %[[SIZE:.+]] = kiln.query sub_group_local_range %[[SG]][0]
// CHECK-DAG: %[[FIVE:.+]] = arith.constant 5 : i64
// CHECK: %[[U1:.+]] = kiln.sub_group_shuffle up %[[SG]], %[[X:.+]], %[[C1:.+]] : i64
// CHECK-NEXT: %[[P1:.+]] = arith.cmpi uge, %[[LID]], %[[C1]]
// CHECK-NEXT: %[[M1:.+]] = arith.minsi %[[U1]], %[[X]]
// CHECK-NEXT: %[[S1:.+]] = arith.select %[[P1]], %[[M1]], %[[X]]
// CHECK: kiln.sub_group_shuffle up %[[SG]], %[[S1]], %[[C2:.+]] : i64
// CHECK: %[[INC:.+]] = arith.select
// CHECK-NOT: kiln.sub_group_shuffle
// CHECK: %[[LAST:.+]] = arith.subi %[[SIZE]], %{{.+}}
// CHECK: arith.cmpi eq, %[[LID]], %[[LAST]]
// CHECK: kiln.store %[[INC]], %[[BUF]][%[[ID]]]
// CHECK: kiln.barrier
// CHECK: scf.if
// CHECK-COUNT-3: kiln.sub_group_shuffle up
// CHECK: %[[SLOT:.+]] = arith.addi %[[FIVE]], %[[LID]]
// CHECK-NEXT: kiln.store %{{.+}}, %[[BUF]][%[[SLOT]]]
// CHECK: kiln.barrier
// CHECK-NEXT: %[[MINE:.+]] = arith.addi %[[FIVE]], %[[ID]]
// CHECK-NEXT: %[[PREFIX:.+]] = kiln.load %[[BUF]][%[[MINE]]]
// CHECK-NEXT: %{{.+}} = arith.constant 1 : i64
// CHECK-NEXT: %[[SHIFTED:.+]] = kiln.sub_group_shuffle up %[[SG]], %[[INC]]
// CHECK: %[[EXCL:.+]] = arith.select
// CHECK-NEXT: %[[R:.+]] = arith.minsi %[[PREFIX]], %[[EXCL]]
// CHECK-NOT: kiln.barrier
// CHECK-NOT: scf.for
// CHECK: kiln.store %[[R]]
