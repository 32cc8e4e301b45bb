# REQUIRES: spirv-val
# RUN: kilnc %s -k fill --target spirv -O2 --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# RUN: kilnc %s -k fill --target spirv -O2 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# RUN: kilnc %s -k private_fill --target spirv -O2 -g --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# RUN: kilnc %s -k private_fill --target spirv -O2 -g -o %t.g.spv
# RUN: spirv-val %t.g.spv
# RUN: llvm-spirv-15 -r %t.g.spv -o %t.g.bc
# Issue 10 item 8, issue 12 item 9: LLVM turns a zero-fill loop into
# `llvm.memset`; the SPIR-V back end outlined it as the function
# `spirv.llvm_memset_p1_i64`, which llvm-spirv-15 turned back into an
# intrinsic call LLVM 15 rejects ("Intrinsic name not mangled correctly").
# Kiln expands memset/memcpy/memmove into loops before the back end
# (SPIRVLegalizeMemIntrinsics.cpp).
# IR-NOT: @llvm.mem
# IR: loadstoreloop:
# IR: store i8 0, ptr
# IR-NOT: @llvm.mem
# CHECK-NOT: memset
# CHECK: OpStore %{{[0-9]+}} %uchar_0 Aligned 1
# CHECK-NOT: memset


@kernel
def fill(item: Item, a: Array[float32], n: int32):
    if item.get_id(0) == 0:
        j = 0
        while j < n:
            a[j] = 0.0
            j += 1


@kernel
def private_fill(item: Item, x: Array[int32], y: Array[int32], n: int32):
    i = item.get_id(0)
    p = private_array(64, int32)
    for j in range(64):
        p[j] = 0
    for j in range(n):
        p[(i + j) % 64] += x[j]
    y[i] = p[i % 64] + p[(i + 1) % 64]
