# REQUIRES: cuda
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Conformance/Inputs/conformance.py make bfloat16_cuda %t
# RUN: kiln-run %s -k bf --device cuda --range 256 --arg a=@%t/a.npy --arg out=zeros:256x4 --out out=%t/out.npy
# RUN: %python %S/../Conformance/Inputs/conformance.py check bfloat16_cuda %t | FileCheck %s
# bfloat16 (spec §2: storage + conversion where the target has it) on
# CUDA; SPIR-V refuses it (Conformance/S2_types/bfloat16_refused.py).
# float32 -> bfloat16 rounds to nearest even, arithmetic on bfloat16 is
# float32 (docs/language.md), a private bfloat16 array stores and reloads
# the rounded values, and bfloat16 -> float16 goes through float32.
# CHECK: bfloat16_cuda: ok


@kernel
def bf(item: Item, a: Array[float32], out: Array[float32, 2]):
    i = item.get_id(0)
    b = bfloat16(a[i])
    out[i, 0] = float32(b)
    out[i, 1] = b * 2.0 + 1.0
    p = private_array(2, bfloat16)
    p[0] = b
    p[1] = bfloat16(a[i] * 3.0)
    out[i, 2] = float32(p[0]) + float32(p[1])
    out[i, 3] = float32(float16(p[1]))
