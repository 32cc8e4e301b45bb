// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// a.shape[d] and item.get_range(d) are reads of the lowered structs.

kiln.kernel @shape(%item: !kiln.item, %a: !kiln.array<i32, 2>, %out: !kiln.array<i64, 1>) {
  %z = arith.constant 0 : i64
  %d = kiln.dim %a[1] : !kiln.array<i32, 2>
  %r = kiln.item_range %item[2]
  %s = arith.addi %d, %r : i64
  kiln.store %s, %out[%z] : !kiln.array<i64, 1>
  kiln.return
}

// CHECK-LABEL: llvm.func internal spir_funccc @__kiln_body_shape
// CHECK-SAME: (%[[ITEM:[^:]+]]: !llvm.array<4 x i64>, %[[A:[^:]+]]: !llvm.struct<(ptr<1>, array<2 x i64>)>
// CHECK: %[[D:.+]] = llvm.extractvalue %[[A]][1, 1]
// CHECK: %[[R:.+]] = llvm.extractvalue %[[ITEM]][2]
// CHECK: llvm.add %[[D]], %[[R]] : i64
