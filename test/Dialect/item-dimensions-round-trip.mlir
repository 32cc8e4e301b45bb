// RUN: kiln-opt %s | kiln-opt | FileCheck %s
// kiln.item_dimensions prints in a form that parses back to the same op.

// CHECK-LABEL: kiln.kernel @rank
// CHECK-SAME: (%[[ITEM:[^:]+]]: !kiln.item
// CHECK: %[[R:.+]] = kiln.item_dimensions %[[ITEM]] : !kiln.item{{$}}
// CHECK: kiln.store %[[R]]
kiln.kernel @rank(%item: !kiln.item, %out: !kiln.array<i64, 1>) {
  %z = arith.constant 0 : i64
  %r = kiln.item_dimensions %item : !kiln.item
  kiln.store %r, %out[%z] : !kiln.array<i64, 1>
  kiln.return
}
