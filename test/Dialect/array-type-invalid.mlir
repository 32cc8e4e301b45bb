// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// !kiln.array only holds 1- to 3-D arrays of integer, float or complex
// scalars.

// expected-error @below {{array rank must be 1, 2 or 3, got 4}}
kiln.kernel @rank4(%item: !kiln.item, %a: !kiln.array<f32, 4>) {
  kiln.return
}

// -----

// expected-error @below {{array element type must be an integer, float or complex scalar, got 'index'}}
kiln.kernel @index_elements(%item: !kiln.item, %a: !kiln.array<index, 1>) {
  kiln.return
}

// -----

// expected-error @below {{array element type must be an integer, float or complex scalar, got 'complex<i32>'}}
kiln.kernel @integer_complex(%item: !kiln.item, %a: !kiln.array<complex<i32>, 1>) {
  kiln.return
}
