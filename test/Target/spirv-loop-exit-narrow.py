# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -O2 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Issue 10 item 8 (found by the differential tester): the back end's own
# LoopStrengthReduce rewrote the int8 value left by `x -= 118` repeated
# `n & 3` times as `118 * trunc(n to i2)`; the back end's legalizer then
# typed the multiplication's widened operand as the untruncated ulong
# (`OpIMul %uchar %ulong_value %uchar_118`, rejected by spirv-val, an
# assertion in llvm-spirv-15). Kiln emits SPIR-V without LoopStrengthReduce
# (and CodeGenPrepare), as at -O0 (SPIRVLegalizeIR.h).
# CHECK-NOT: OpIMul %uchar


@kernel
def k(item: Item, a: Array[uint64], b: Array[bool], o: Array[int64]):
    i = item.get_id(0)
    x: int8 = (not (i >> (uint16(b[i]) & 63)))
    for j in range(a[i] & 3):
        x -= 118
    y: int8 = x
    o[i] = int64(select((y * b[i]) >= i, bool(a[i] ** 2), (a[i] & x)))
