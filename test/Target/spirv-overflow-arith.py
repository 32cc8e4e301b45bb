# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -O2 --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# RUN: kilnc %s --target spirv -O2 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Issue 10 item 8: LLVM writes `a * b` checked by a division as
# `llvm.umul.with.overflow`, and the back end's CodeGenPrepare wrote
# `a + b < a` as `uadd.with.overflow`; they became OpUMulExtended and
# OpIAddCarry, which llvm-spirv-15 cannot read ("Unimplemented opcode").
# Kiln multiplies at twice the width (OpenCL mul_hi for 64 bits) and emits
# without CodeGenPrepare (SPIRVLegalizeIntrinsics.cpp, SPIRVLegalizeIR.h).
# IR-NOT: with.overflow
# IR: mul i64
# IR: call spir_func i64 @_Z6mul_himm(
# IR-NOT: with.overflow
# CHECK-NOT: OpIAddCarry
# CHECK-NOT: OpUMulExtended
# CHECK: OpExtInst %ulong %{{[0-9]+}} u_mul_hi
# CHECK-NOT: OpIAddCarry
# CHECK-NOT: OpUMulExtended


@kernel
def k(item: Item, a: Array[uint64], b: Array[uint64], s: Array[uint64],
      c: Array[uint64], m: Array[uint32], n: Array[uint32], p: Array[uint32],
      q: Array[uint64], r: Array[uint64], t: Array[uint64]):
    i = item.get_id(0)
    x = a[i]
    y = x + b[i]
    s[i] = y
    c[i] = uint64(y < x)
    u = m[i] * n[i]
    if m[i] != 0:
        if u // m[i] != n[i]:
            u = uint32(0)
    p[i] = u
    v = q[i] * r[i]
    if q[i] != 0:
        if v // q[i] != r[i]:
            v = uint64(0)
    t[i] = v
