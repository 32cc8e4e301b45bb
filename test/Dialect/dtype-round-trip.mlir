// RUN: kiln-opt %s | kiln-opt | FileCheck %s
// #kiln.dtype spells every element type of the language as the runtime's
// dtypeName does, and prints in a form that parses back to the same value.

// CHECK-LABEL: kiln.device_func @scalars
// CHECK-SAME: i1 {kiln.dtype = #kiln.dtype<bool>}
// CHECK-SAME: i8 {kiln.dtype = #kiln.dtype<int8>}
// CHECK-SAME: i16 {kiln.dtype = #kiln.dtype<int16>}
// CHECK-SAME: i32 {kiln.dtype = #kiln.dtype<int32>}
// CHECK-SAME: i64 {kiln.dtype = #kiln.dtype<int64>}
// CHECK-SAME: i8 {kiln.dtype = #kiln.dtype<uint8>}
// CHECK-SAME: i16 {kiln.dtype = #kiln.dtype<uint16>}
// CHECK-SAME: i32 {kiln.dtype = #kiln.dtype<uint32>}
// CHECK-SAME: i64 {kiln.dtype = #kiln.dtype<uint64>}
// CHECK-SAME: f16 {kiln.dtype = #kiln.dtype<float16>}
// CHECK-SAME: f32 {kiln.dtype = #kiln.dtype<float32>}
// CHECK-SAME: f64 {kiln.dtype = #kiln.dtype<float64>}
// CHECK-SAME: bf16 {kiln.dtype = #kiln.dtype<bfloat16>})
kiln.device_func @scalars(
    i1 {kiln.dtype = #kiln.dtype<bool>},
    i8 {kiln.dtype = #kiln.dtype<int8>},
    i16 {kiln.dtype = #kiln.dtype<int16>},
    i32 {kiln.dtype = #kiln.dtype<int32>},
    i64 {kiln.dtype = #kiln.dtype<int64>},
    i8 {kiln.dtype = #kiln.dtype<uint8>},
    i16 {kiln.dtype = #kiln.dtype<uint16>},
    i32 {kiln.dtype = #kiln.dtype<uint32>},
    i64 {kiln.dtype = #kiln.dtype<uint64>},
    f16 {kiln.dtype = #kiln.dtype<float16>},
    f32 {kiln.dtype = #kiln.dtype<float32>},
    f64 {kiln.dtype = #kiln.dtype<float64>},
    bf16 {kiln.dtype = #kiln.dtype<bfloat16>})

// An array's kiln.dtype describes its element type.
// CHECK-LABEL: kiln.kernel @arrays
// CHECK-SAME: !kiln.array<i8, 2> {kiln.dtype = #kiln.dtype<uint8>, kiln.name = "a"}
// CHECK-SAME: !kiln.array<f32, 1, local> {kiln.dtype = #kiln.dtype<float32>, kiln.local_accessor, kiln.name = "t"}
kiln.kernel @arrays(%item: !kiln.nd_item,
    %a: !kiln.array<i8, 2> {kiln.dtype = #kiln.dtype<uint8>, kiln.name = "a"},
    %t: !kiln.array<f32, 1, local> {kiln.dtype = #kiln.dtype<float32>, kiln.local_accessor, kiln.name = "t"}) {
  kiln.return
}
