# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -O2 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Issue 10 item 5: signed abs became OpenCL.std s_abs, whose result is
# unsigned in OpenCL C; on the SPIR path for PoCL `int64(b) < abs(a)` with
# a = -2**31 then compared with +2**31. Kiln writes abs as x < 0 ? 0 - x : x
# (SPIRVLegalizeIntrinsics.cpp), then sign-extends the wrapped result.
# CHECK-NOT: s_abs
# CHECK: %[[NEG:[0-9]+]] = OpISub %uint %uint_0 %[[X:[0-9]+]]
# CHECK-NEXT: %[[LT:[0-9]+]] = OpSLessThan %bool %[[X]] %uint_0
# CHECK-NEXT: %[[ABS:[0-9]+]] = OpSelect %uint %[[LT]] %[[NEG]] %[[X]]
# CHECK: OpSConvert %ulong %[[ABS]]
# CHECK-NOT: s_abs


@kernel
def k(item: Item, a: Array[int32], b: Array[int64], c: Array[int32]):
    i = item.get_id(0)
    c[i] = int32(b[i] < abs(a[i]))
