# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make fma %t
# RUN: kiln-run %s -k f --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg c=@%t/c.npy --arg a64=@%t/a64.npy --arg b64=@%t/b64.npy --arg c64=@%t/c64.npy --arg o=zeros:64 --arg o64=zeros:64 --out o=%t/out.npy --out o64=%t/out64.npy
# RUN: %python %S/../Inputs/conformance.py check fma %t | FileCheck %s
# fma(a, b, c) and math.fma (spec §6) round once: exact against the
# rational a*b+c, incl. a case where the unfused result would be 0.
# CHECK: fma: ok
import math


@kernel
def f(item: Item, a: Array[float32], b: Array[float32], c: Array[float32], a64: Array[float64],
      b64: Array[float64], c64: Array[float64], o: Array[float32], o64: Array[float64]):
    i = item.get_id(0)
    o[i] = fma(a[i], b[i], c[i])
    o64[i] = math.fma(a64[i], b64[i], c64[i])
