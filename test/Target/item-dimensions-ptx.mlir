// REQUIRES: ptxas
// RUN: kilnc %s --target ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// A kernel reading item.dimensions has a fourth u64 entry parameter, the
// launch rank, read into the store; the array pointer comes after it. The
// PTX passes ptxas.

kiln.kernel @rank(%item: !kiln.item, %out: !kiln.array<i64, 1> {kiln.name = "out"}) {
  %i = kiln.item_id %item[0]
  %r = kiln.item_dimensions %item : !kiln.item
  kiln.store %r, %out[%i] : !kiln.array<i64, 1>
  kiln.return
}

// CHECK: .entry rank(
// CHECK-NEXT: .param .u64 rank_param_0,
// CHECK-NEXT: .param .u64 rank_param_1,
// CHECK-NEXT: .param .u64 rank_param_2,
// CHECK-NEXT: .param .u64 rank_param_3,
// CHECK-NEXT: .param .u64 {{.*}}rank_param_4,
// CHECK-NEXT: .param .u64 rank_param_5
// CHECK-NEXT: )
// CHECK-DAG: ld.param.{{[a-z0-9]+}} %[[RANK:rd[0-9]+]], [rank_param_3];
// CHECK-DAG: st.global.{{[a-z0-9]+}} [%{{rd[0-9]+}}], %[[RANK]];
