// RUN: kiln-opt %s | kiln-opt | FileCheck %s
// The whole-language ops print in a form that parses back.

// CHECK-LABEL: kiln.kernel @all
kiln.kernel @all(%nd: !kiln.nd_item, %l: !kiln.array<i32, 1, local>, %a: !kiln.array<f32, 1>) {
  // CHECK: kiln.get_group
  %g = kiln.get_group %nd
  // CHECK: kiln.get_sub_group
  %s = kiln.get_sub_group %nd
  // CHECK: kiln.query {{ *}}local_id
  %i = kiln.query local_id %nd[0] : !kiln.nd_item
  // CHECK: kiln.local_alloc [4, 4] : <f32, 2, local>
  %t = kiln.local_alloc [4, 4] : !kiln.array<f32, 2, local>
  // CHECK: kiln.private_alloc [3] : <f64, 1, private>
  %p = kiln.private_alloc [3] : !kiln.array<f64, 1, private>
  // CHECK: kiln.barrier %{{.+}}, {{ *}}work_group
  kiln.barrier %g, work_group
  %one = arith.constant 1 : i32
  // CHECK: kiln.atomic_rmw {{ *}}xor
  %o = kiln.atomic_rmw xor %l[%i], %one, relaxed, work_group : !kiln.array<i32, 1, local>
  // CHECK: kiln.atomic_cmpxchg
  %old, %ok = kiln.atomic_cmpxchg %l[%i], %one, %o, acq_rel, device : !kiln.array<i32, 1, local>
  %x = kiln.load %a[%i] : !kiln.array<f32, 1>
  // CHECK: kiln.sub_group_shuffle {{ *}}xor
  %y = kiln.sub_group_shuffle xor %s, %x, %i : f32
  // CHECK: kiln.sub_group_reduce {{ *}}max
  %z = kiln.sub_group_reduce max %s, %y : f32
  // CHECK: kiln.group_scan {{ *}}exclusive {{ *}}add
  %w = kiln.group_scan exclusive add %g, %z : f32
  // CHECK: kiln.print "%f\0A"
  %d = arith.extf %w : f32 to f64
  kiln.print "%f\n"(%d) : f64
  // CHECK: kiln.assert
  kiln.assert %ok
  kiln.return
}
