// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// Calls must name a device function and match its signature.

kiln.kernel @unknown_callee(%item: !kiln.item) {
  %c = arith.constant 1.0 : f32
  // expected-error @below {{'missing' does not name a kiln.device_func}}
  %r = kiln.call @missing(%c) : (f32) -> f32
  kiln.return
}

// -----

kiln.device_func @square(%x: f32) -> f32 {
  %r = arith.mulf %x, %x : f32
  kiln.return %r : f32
}
kiln.kernel @wrong_type(%item: !kiln.item) {
  %c = arith.constant 1.0 : f64
  // expected-error @below {{does not match the callee's '(f32) -> f32'}}
  %r = kiln.call @square(%c) : (f64) -> f64
  kiln.return
}
