# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -O2 --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# RUN: kilnc %s --target spirv -O2 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Issue 10 item 8 (found by the differential tester): LLVM's loop
# vectorizer turns "did any iteration take the branch" into
# `icmp eq (bitcast <4 x i1> %v to i4), 0`, and LLVM 22's SPIR-V back end
# failed on the bitcast ("incompatible result and operand types in a
# bitcast"). Kiln tests the elements instead (SPIRVLegalizeConversions.cpp).
# IR-NOT: bitcast <4 x i1>
# IR: %[[E0:[0-9]+]] = extractelement <4 x i1> %[[V:[.a-z0-9]+]], i64 0
# IR-NEXT: %[[E1:[0-9]+]] = extractelement <4 x i1> %[[V]], i64 1
# IR-NEXT: or i1 %[[E0]], %[[E1]]
# IR-NOT: bitcast <4 x i1>
# CHECK: %[[B0:[0-9]+]] = OpCompositeExtract %bool %[[BV:[0-9]+]] 0
# CHECK-NEXT: %[[B1:[0-9]+]] = OpCompositeExtract %bool %[[BV]] 1
# CHECK-NEXT: OpLogicalOr %bool %[[B0]] %[[B1]]


@kernel
def k(item: Item, a: Array[uint16], s: float64, t: uint8, o: Array[uint16]):
    i = item.get_id(0)
    x = t
    y: uint32 = (x - a[i])
    if a[i] >= i:
        return
    for j in range(a[i] & 3):
        if (s // a[i]) != 2.0:
            continue
        x = uint8(y & a[i])
    if (x + s) < a[i]:
        return
    o[i] = uint16(y)
