// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// Verifier messages of the whole-language ops.

kiln.kernel @bad_query(%nd: !kiln.nd_item) {
  %s = kiln.get_sub_group %nd
  // expected-error @below {{'group_id' is not a query of '!kiln.sub_group'}}
  %q = kiln.query group_id %s[0] : !kiln.sub_group
  kiln.return
}

// -----

kiln.kernel @bad_alloc(%nd: !kiln.nd_item) {
  // expected-error @below {{shape has 1 extent(s) but the array has rank 2}}
  %t = kiln.local_alloc [4] : !kiln.array<f32, 2, local>
  kiln.return
}

// -----

kiln.kernel @private_atomic(%nd: !kiln.nd_item) {
  %p = kiln.private_alloc [4] : !kiln.array<i32, 1, private>
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  // expected-error @below {{atomics need global or local memory, not private}}
  %o = kiln.atomic_rmw add %p[%c0], %one, relaxed, device : !kiln.array<i32, 1, private>
  kiln.return
}

// -----

kiln.kernel @float_xor(%nd: !kiln.nd_item, %a: !kiln.array<f32, 1>) {
  %c0 = arith.constant 0 : i64
  %x = arith.constant 1.0 : f32
  // expected-error @below {{'xor' is not defined on 'f32'}}
  %o = kiln.atomic_rmw xor %a[%c0], %x, relaxed, device : !kiln.array<f32, 1>
  kiln.return
}

// -----

kiln.kernel @relaxed_fence(%nd: !kiln.nd_item) {
  // expected-error @below {{a relaxed fence orders nothing}}
  kiln.atomic_fence relaxed, device
  kiln.return
}

// -----

kiln.kernel @release_load(%nd: !kiln.nd_item, %a: !kiln.array<i32, 1>) {
  %c0 = arith.constant 0 : i64
  // expected-error @below {{an atomic load cannot have release semantics}}
  %v = kiln.atomic_load %a[%c0], release, device : !kiln.array<i32, 1>
  kiln.return
}

// -----

kiln.kernel @narrow_atomic(%nd: !kiln.nd_item, %a: !kiln.array<i16, 1>) {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i16
  // expected-error @below {{atomics need a 32- or 64-bit element type, got 'i16'}}
  %o = kiln.atomic_rmw add %a[%c0], %one, relaxed, device : !kiln.array<i16, 1>
  kiln.return
}

// -----

kiln.kernel @float_and_reduce(%nd: !kiln.nd_item, %a: !kiln.array<f32, 1>) {
  %g = kiln.get_group %nd
  %x = arith.constant 1.0 : f32
  // expected-error @below {{'and' is not defined on 'f32'}}
  %r = kiln.group_reduce and %g, %x : f32
  kiln.return
}
