// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// kiln.item_dimensions answers an index object (item, nd_item, group,
// sub_group: each carries the launch rank), with an i64 result.

kiln.kernel @not_an_index_object(%item: !kiln.item, %n: i64) {
  // expected-error @below {{operand #0 must be}}
  %r = "kiln.item_dimensions"(%n) : (i64) -> i64
  kiln.return
}

// -----

kiln.kernel @result_is_i64(%item: !kiln.item) {
  // expected-error @below {{result #0 must be 64-bit signless integer}}
  %r = "kiln.item_dimensions"(%item) : (!kiln.item) -> i32
  kiln.return
}
