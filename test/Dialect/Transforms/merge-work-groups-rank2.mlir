// RUN: kiln-opt %s --kiln-merge-work-groups | FileCheck %s
// A rank-2 kernel: the launched work-groups are numbered row-major (the
// last dimension fastest) over whatever shape the launch has, and each
// logical work-group's linear id L splits into (L / groups[1],
// L % groups[1]), groups[d] = global range / local range. Global ids,
// group ids and group counts of both dimensions are rebuilt from them; an
// integer max starts from the smallest i32.

kiln.kernel @max2d(%nd: !kiln.nd_item, %x: !kiln.array<i32, 2> {kiln.noalias}, %where: !kiln.array<i64, 2> {kiln.noalias}, %out: !kiln.array<i32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 2 : i64} {
  %r = kiln.query global_id %nd[0] : !kiln.nd_item
  %c = kiln.query global_id %nd[1] : !kiln.nd_item
  %g = kiln.get_group %nd
  %gr = kiln.query group_id %g[0] : !kiln.group
  %gn = kiln.query group_range %g[1] : !kiln.group
  %w = arith.addi %gr, %gn : i64
  kiln.store %w, %where[%r, %c] : !kiln.array<i64, 2>
  %v = kiln.load %x[%r, %c] : !kiln.array<i32, 2>
  %c1 = arith.constant 1 : i64
  %old = kiln.atomic_rmw max %out[%c1], %v, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @max2d
// CHECK-SAME: kiln.merged_work_groups
// CHECK: %[[G:.+]] = kiln.get_group %[[ND:[^ ]+]]
// CHECK: %[[L0:.+]] = kiln.query local_range %[[ND]][0]
// CHECK: %[[N0:.+]] = kiln.query global_range %[[ND]][0]
// CHECK: %[[GROUPS0:.+]] = arith.divui %[[N0]], %[[L0]] : i64
// CHECK: %[[L1:.+]] = kiln.query local_range %[[ND]][1]
// CHECK: %[[N1:.+]] = kiln.query global_range %[[ND]][1]
// CHECK: %[[GROUPS1:.+]] = arith.divui %[[N1]], %[[L1]] : i64
// CHECK: %[[ID0:.+]] = kiln.query group_id %[[G]][0]
// CHECK: %[[COUNT0:.+]] = kiln.query group_range %[[G]][0]
// CHECK: %[[COUNT1:.+]] = kiln.query group_range %[[G]][1]
// CHECK: %[[ID1:.+]] = kiln.query group_id %[[G]][1]
// CHECK: %[[ROWS:.+]] = arith.muli %[[ID0]], %[[COUNT1]] : i64
// CHECK: %[[FIRST:.+]] = arith.addi %[[ROWS]], %[[ID1]] : i64
// CHECK: %[[STEP:.+]] = arith.muli %[[COUNT0]], %[[COUNT1]] : i64
// CHECK: %[[TOTAL:.+]] = arith.muli %[[GROUPS0]], %[[GROUPS1]] : i64
// CHECK: %[[MIN:.+]] = arith.constant -2147483648 : i32
// CHECK: %[[LEFT:.+]] = arith.subi %[[TOTAL]], %[[FIRST]] : i64
// CHECK: scf.for %[[T:.+]] = {{.+}} : i64 {
// CHECK: %[[OFF:.+]] = arith.muli %[[T]], %[[STEP]] : i64
// CHECK: %[[L:.+]] = arith.addi %[[FIRST]], %[[OFF]] : i64
// CHECK: %[[C:.+]] = arith.remui %[[L]], %[[GROUPS1]] : i64
// CHECK: %[[R:.+]] = arith.divui %[[L]], %[[GROUPS1]] : i64
// CHECK: %[[LID0:.+]] = kiln.query local_id %[[ND]][0]
// CHECK: %[[B0:.+]] = arith.muli %[[R]], %[[L0]] : i64
// CHECK: %[[I0:.+]] = arith.addi %[[B0]], %[[LID0]] : i64
// CHECK: %[[LID1:.+]] = kiln.query local_id %[[ND]][1]
// CHECK: %[[B1:.+]] = arith.muli %[[C]], %[[L1]] : i64
// CHECK: %[[I1:.+]] = arith.addi %[[B1]], %[[LID1]] : i64
// CHECK: %[[W:.+]] = arith.addi %[[R]], %[[GROUPS1]] : i64
// CHECK: kiln.store %[[W]], %{{.+}}[%[[I0]], %[[I1]]]
// CHECK: kiln.load %{{.+}}[%[[I0]], %[[I1]]]
// CHECK: arith.maxsi
// CHECK: }
// CHECK: kiln.atomic_rmw max
