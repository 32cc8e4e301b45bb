// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// kiln.item_dimensions only answers an !kiln.item, with an i64 result.

kiln.kernel @nd_item_has_no_dimensions(%it: !kiln.nd_item) {
  // expected-error @below {{operand #0 must be}}
  %r = "kiln.item_dimensions"(%it) : (!kiln.nd_item) -> i64
  kiln.return
}

// -----

kiln.kernel @result_is_i64(%item: !kiln.item) {
  // expected-error @below {{result #0 must be 64-bit signless integer}}
  %r = "kiln.item_dimensions"(%item) : (!kiln.item) -> i32
  kiln.return
}
