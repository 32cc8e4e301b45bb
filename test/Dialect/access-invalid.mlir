// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// Element access must match the array's rank and element type.

kiln.kernel @too_few_indices(%item: !kiln.item, %a: !kiln.array<f32, 2>) {
  %i = kiln.item_id %item[0]
  // expected-error @below {{needs 2 index(es) for '!kiln.array<f32, 2>', got 1}}
  %v = kiln.load %a[%i] : !kiln.array<f32, 2>
  kiln.return
}

// -----

kiln.kernel @dim_out_of_range(%item: !kiln.item, %a: !kiln.array<f32, 2>) {
  // expected-error @below {{dimension 2 is out of range for an array of rank 2}}
  %d = kiln.dim %a[2] : !kiln.array<f32, 2>
  kiln.return
}

// -----

kiln.kernel @item_dim(%item: !kiln.item) {
  // expected-error @below {{attribute 'dim' failed to satisfy constraint}}
  %i = kiln.item_id %item[3]
  kiln.return
}
