// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// Verifier messages for malformed kernels.

// expected-error @below {{a kernel's first argument must be the work-item (!kiln.item or !kiln.nd_item)}}
kiln.kernel @no_item(%a: f32) {
  kiln.return
}

// -----

// expected-error @below {{a kernel returns nothing, but its signature has 1 result(s)}}
kiln.kernel @returns(%item: !kiln.item) -> f32 {
  %c = arith.constant 1.0 : f32
  kiln.return %c : f32
}

// -----

// expected-error @below {{kernel argument #1 ('m') must be a scalar, a global or local !kiln.array, got 'memref<4xf32>'}}
kiln.kernel @memref_arg(%item: !kiln.item, %m: memref<4xf32> {kiln.name = "m"}) {
  kiln.return
}

// -----

kiln.kernel @return_value(%item: !kiln.item) {
  %c = arith.constant 1.0 : f32
  // expected-error @below {{returns 1 value(s) but the enclosing function returns 0}}
  kiln.return %c : f32
}

// -----

// expected-error @below {{a device function returns at most one value}}
kiln.device_func @two_results(%x: f32) -> (f32, f32) {
  kiln.return %x, %x : f32, f32
}
