# REQUIRES: cuda
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Conformance/Inputs/conformance.py make float16_cuda %t
# RUN: kiln-run %s -k half --device cuda --range 256 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg out=zeros:256x8 --arg outf=zeros:256x2 --arg outb=zeros:256x2 --out out=%t/out.npy --out outf=%t/out_f.npy --out outb=%t/out_b.npy
# RUN: %python %S/../Conformance/Inputs/conformance.py check float16_cuda %t | FileCheck %s
# float16 (spec §2, §4) executed on CUDA (PoCL has no fp16: the PoCL
# execution test is the refusal, Conformance/S2_types/float16_refused.py):
# float16 arrays, + - * stay float16 (correctly rounded), a weak float
# literal stays float16, / is float32 (spec §4), widening to float32,
# an explicit cast from float32, comparison, min/max/abs and math.sqrt.
# CHECK: float16_cuda: ok


@kernel
def half(item: Item, a: Array[float16], b: Array[float16], out: Array[float16, 2], outf: Array[float32, 2],
         outb: Array[bool, 2]):
    i = item.get_id(0)
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = x * 0.5
    out[i, 4] = float16(float32(x) * 3.0)
    out[i, 5] = max(x, y)
    out[i, 6] = abs(min(x, y))
    out[i, 7] = math.sqrt(abs(x))
    outf[i, 0] = x / y
    f: float32 = x
    outf[i, 1] = f + 0.25
    outb[i, 0] = x < y
    outb[i, 1] = x == y
