// RUN: kiln-opt %s --kiln-coarsen-elementwise=remarks=true --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file %t.remarks
// Each kernel below misses one condition of elementwise coarsening and is
// left alone (no kiln.coarsening), with a remark saying which. The first
// kernel meets them all, so the refusals are the conditions' doing.

// CHECK: remark: kernel 'ok' is coarsened by 4 in dimension 0
kiln.kernel @ok(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'nd_range' is not coarsened: it takes an NdItem (only Range kernels are coarsened)
kiln.kernel @nd_range(%nd: !kiln.nd_item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.query global_id %nd[0] : !kiln.nd_item
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'any_rank' is not coarsened: it is compiled for launches of any rank
kiln.kernel @any_rank(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'unaligned' is not coarsened: array 'arg1' is not known to be 16-byte aligned
kiln.kernel @unaligned(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'aliased' is not coarsened: array 'arg1' may overlap another array argument
kiln.kernel @aliased(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'half' is not coarsened: array 'arg1' has elements of neither 32 nor 64 bits
kiln.kernel @half(%item: !kiln.item, %a: !kiln.array<f16, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f16, 1>
  kiln.store %v, %a[%i] : !kiln.array<f16, 1>
  kiln.return
}

// CHECK: remark: kernel 'mixed' is not coarsened: the arrays indexed by the id mix element sizes
kiln.kernel @mixed(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}, %b: !kiln.array<f64, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  %w = arith.extf %v : f32 to f64
  kiln.store %w, %b[%i] : !kiln.array<f64, 1>
  kiln.return
}

// CHECK: remark: kernel 'shifted' is not coarsened: the last-dimension id is used by 'arith.addi' (neither an array's last index nor a bounds comparison)
kiln.kernel @shifted(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %c1 = arith.constant 1 : i64
  %k = arith.addi %i, %c1 : i64
  %v = kiln.load %a[%k] : !kiln.array<f32, 1>
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'column' is not coarsened: the last-dimension id is not the last index of 'kiln.load'
kiln.kernel @column(%item: !kiln.item, %a: !kiln.array<f32, 2> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%i, %c0] : !kiln.array<f32, 2>
  kiln.store %v, %a[%c0, %i] : !kiln.array<f32, 2>
  kiln.return
}

// CHECK: remark: kernel 'no_access' is not coarsened: no array is indexed by the last-dimension id
kiln.kernel @no_access(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%c0] : !kiln.array<f32, 1>
  kiln.store %v, %a[%c0] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'atomic' is not coarsened: it has an atomic operation
kiln.kernel @atomic(%item: !kiln.item, %a: !kiln.array<i32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %c0 = arith.constant 0 : i64
  %v = kiln.load %a[%i] : !kiln.array<i32, 1>
  %old = kiln.atomic_rmw add %a[%c0], %v, relaxed, device : !kiln.array<i32, 1>
  kiln.return
}

// CHECK: remark: kernel 'private' is not coarsened: it allocates local or private memory
kiln.kernel @private(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %p = kiln.private_alloc [4] : !kiln.array<f32, 1, private>
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

kiln.device_func @twice(%x: f32) -> f32 {
  %y = arith.addf %x, %x : f32
  kiln.return %y : f32
}

// CHECK: remark: kernel 'calls' is not coarsened: it calls a device function
kiln.kernel @calls(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  %w = kiln.call @twice(%v) : (f32) -> f32
  kiln.store %w, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'prints' is not coarsened: it prints
kiln.kernel @prints(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  kiln.print "%f\n"(%v) : f32
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// CHECK: remark: kernel 'asserts' is not coarsened: it has an assert or a bounds check
kiln.kernel @asserts(%item: !kiln.item, %a: !kiln.array<f32, 1> {kiln.align = 16 : i64, kiln.noalias}) attributes {kiln.launch_rank = 1 : i64} {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<f32, 1>
  %zero = arith.constant 0.0 : f32
  %ok = arith.cmpf oge, %v, %zero : f32
  kiln.assert %ok
  kiln.store %v, %a[%i] : !kiln.array<f32, 1>
  kiln.return
}

// Only the first kernel is rewritten.
// IR-LABEL: kiln.kernel @ok
// IR-SAME: kiln.coarsening
// IR-NOT: kiln.coarsening
