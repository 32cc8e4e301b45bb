// RUN: kiln-opt %s --kiln-coarsen-elementwise | FileCheck %s
// An elementwise kernel over distinct, 16-byte aligned float32 arrays:
// each work-item handles ids 4*id .. 4*id+3 of the last dimension. When
// all four are in range (and, for a 2-D array, its rows are a multiple of
// 4 long, so that every row starts 16-byte aligned) the body runs four
// times unguarded, the first copy's accesses marked 16-byte aligned;
// otherwise a loop runs the ids still in range. The range query keeps the
// user's value (the runtime passes it); other dimensions' ids are kept.
// Each copy (four fast, one in the tail) allocates its variables at the
// kernel entry, where LLVM promotes them.

kiln.kernel @add(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}, %b: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %slot = memref.alloca() : memref<i64>
  %i = kiln.item_id %item[0]
  memref.store %i, %slot[] : memref<i64>
  %j = memref.load %slot[] : memref<i64>
  %v = kiln.load %a[%j] : !kiln.array<f32, 1>
  kiln.store %v, %b[%j] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @add
// CHECK-SAME: kiln.coarsening = array<i64: 4>
// CHECK-COUNT-5: memref.alloca() : memref<i64>
// CHECK-NOT: memref.alloca
// CHECK-DAG: %[[N:.+]] = kiln.item_range %{{.+}}[0]
// CHECK-DAG: %[[ID:.+]] = kiln.item_id %{{.+}}[0]
// CHECK-DAG: %[[FOUR:.+]] = arith.constant 4 : i64
// CHECK: %[[BASE:.+]] = arith.muli %[[ID]], %{{.+}} : i64
// CHECK: %[[END:.+]] = arith.addi %[[BASE]], %{{.+}} : i64
// CHECK: %[[FITS:.+]] = arith.cmpi ule, %[[END]], %[[N]] : i64
// CHECK: scf.if %[[FITS]] {
// CHECK: memref.store %[[BASE]]
// CHECK: kiln.load %{{.+}} {kiln.align = 16 : i64}
// CHECK: kiln.store %{{.+}} {kiln.align = 16 : i64}
// CHECK: %[[ID1:.+]] = arith.addi %[[BASE]], %{{.+}} : i64
// CHECK: memref.store %[[ID1]]
// CHECK-NOT: kiln.align
// CHECK: } else {
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i64 {
// CHECK: %[[IDK:.+]] = arith.addi %[[BASE]], %[[K]] : i64
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[IDK]], %[[N]] : i64
// CHECK: scf.if %[[IN]] {
// CHECK: memref.store %[[IDK]]
// CHECK-NOT: kiln.align
// CHECK: kiln.return

kiln.kernel @rows(%item: !kiln.item, %x: !kiln.array<f32, 2> {kiln.align = 16 : i64, kiln.noalias}, %y: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 2 : i64} {
  %r = kiln.item_id %item[0]
  %c = kiln.item_id %item[1]
  %v = kiln.load %x[%r, %c] : !kiln.array<f32, 2>
  kiln.store %v, %y[%c] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK-LABEL: kiln.kernel @rows
// CHECK-SAME: kiln.coarsening = array<i64: 1, 4>
// CHECK: %[[ID:.+]] = kiln.item_id %{{.+}}[1]
// CHECK: %[[BASE:.+]] = arith.muli %[[ID]]
// CHECK: %[[FITS:.+]] = arith.cmpi ule
// CHECK: %[[ROW:.+]] = kiln.dim %{{.+}}[1] : <f32, 2>
// CHECK: %[[REST:.+]] = arith.remui %[[ROW]], %{{.+}} : i64
// CHECK: %[[WHOLE:.+]] = arith.cmpi eq, %[[REST]], %{{.+}} : i64
// CHECK: %[[BOTH:.+]] = arith.andi %[[FITS]], %[[WHOLE]] : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK: %[[R:.+]] = kiln.item_id %{{.+}}[0]
// CHECK: kiln.load %{{.+}}[%[[R]], %[[BASE]]] {kiln.align = 16 : i64}
