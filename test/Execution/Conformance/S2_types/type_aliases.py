# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make type_aliases %t
# RUN: kiln-run %s -k aliases --range 32 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg c=@%t/c.npy --arg d=@%t/d.npy --out a=%t/out_a.npy --out b=%t/out_b.npy --out c=%t/out_c.npy --out d=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check type_aliases %t | FileCheck %s
# Annotation aliases (spec §2): f32, i16, u8, np.float64 and Python's
# float (float64) and int (int64) as documented.
# CHECK: type_aliases: ok
import numpy as np


@kernel
def aliases(item: Item, a: Array[f32], b: Array[i16], c: Array[u8], d: Array[np.float64]):
    i = item.get_id(0)
    k: int = i
    s: float = 2.0
    a[i] = a[i] * 2.0
    b[i] = b[i] + 1
    c[i] = c[i] * 3
    d[i] = d[i] * s + k
