# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -O0 --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# RUN: kilnc %s --target spirv -O0 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Issue 10 item 8: at -O0 `zext (trunc i64 %x to i8) to i32` reached the
# SPIR-V back end, whose legalizer combined the pair into an AND on the
# untruncated ulong typed as uint (the truncation lost): spirv-val rejected
# the module and llvm-spirv-15 asserted. Kiln rewrites an extension of a
# truncation (and a truncation of an extension) into one cast and a mask
# or a shift pair (SPIRVLegalizeConversions.cpp), for every width order.
# IR-LABEL: define spir_kernel void @k(
# IR-NOT: zext i8
# IR-NOT: sext i8
# IR: %[[T:[0-9]+]] = trunc i64 %{{[0-9]+}} to i32
# IR-NEXT: and i32 %[[T]], 255
# IR: %[[S:[0-9]+]] = shl i64 %{{[0-9]+}}, 56
# IR-NEXT: ashr i64 %[[S]], 56
# IR: %[[T2:[0-9]+]] = trunc i64 %{{[0-9]+}} to i32
# IR-NEXT: %[[S2:[0-9]+]] = shl i32 %[[T2]], 24
# IR-NEXT: ashr i32 %[[S2]], 24
# IR: %[[M:[0-9]+]] = and i32 %{{[0-9]+}}, 255
# IR-NEXT: zext i32 %[[M]] to i64
# IR-NOT: zext i8
# IR-NOT: sext i8
# CHECK: %[[U:[0-9]+]] = OpUConvert %uint %{{[0-9]+}}
# CHECK-NEXT: OpBitwiseAnd %uint %[[U]] %uint_255


@kernel
def k(item: Item, a: Array[uint32], b: Array[uint64], o: Array[int32],
      s: Array[int64], t: Array[int32], w: Array[int64]):
    i = item.get_id(0)
    o[i] = int32(uint8(b[i]) >= a[i])
    s[i] = int64(int8(b[i]))
    t[i] = int32(int8(b[i]))
    w[i] = int64(uint8(a[i]))
