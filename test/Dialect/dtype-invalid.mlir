// RUN: kiln-opt %s -split-input-file -verify-diagnostics
// A kiln.dtype names a known element type and describes its argument.

// expected-error @below {{unknown dtype 'complex32', expected one of bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64, bfloat16, complex64, complex128}}
kiln.device_func @unknown(f32 {kiln.dtype = #kiln.dtype<complex32>})

// -----

// A complex dtype describes MLIR's complex type of its part, no other.
// expected-error @below {{'kiln.device_func' op argument #0 has kiln.dtype complex128, which does not describe 'complex<f32>'}}
kiln.device_func @complex_width(complex<f32> {kiln.dtype = #kiln.dtype<complex128>})

// -----

// expected-error @below {{'kiln.device_func' op argument #0 has kiln.dtype "float32", which is not a #kiln.dtype}}
kiln.device_func @string(f32 {kiln.dtype = "float32"})

// -----

// expected-error @below {{'kiln.device_func' op argument #1 has kiln.dtype uint8, which does not describe 'f32'}}
kiln.device_func @wrong_scalar(i8 {kiln.dtype = #kiln.dtype<int8>}, f32 {kiln.dtype = #kiln.dtype<uint8>})

// -----

// Same width, other format: float16 is not bfloat16.
// expected-error @below {{'kiln.kernel' op argument #1 has kiln.dtype float16, which does not describe '!kiln.array<bf16, 1>'}}
kiln.kernel @wrong_element(%item: !kiln.item, %a: !kiln.array<bf16, 1> {kiln.dtype = #kiln.dtype<float16>}) {
  kiln.return
}

// -----

// bool is i1, not a byte.
// expected-error @below {{'kiln.device_func' op argument #0 has kiln.dtype bool, which does not describe 'i8'}}
kiln.device_func @bool_byte(i8 {kiln.dtype = #kiln.dtype<bool>})
