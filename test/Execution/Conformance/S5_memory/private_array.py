# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make private_array %t
# RUN: kiln-run %s -k srt --range 64 --arg x=@%t/x.npy --arg out=zeros:64x8 --arg t=zeros:64 --out out=%t/out.npy --out t=%t/out_t.npy
# RUN: %python %S/../Inputs/conformance.py check private_array %t | FileCheck %s
# private_array / PrivateArray (spec §5): a per-work-item 1-D array
# insertion-sorted in place, and a 2-D private array with keyword
# arguments.
# CHECK: private_array: ok
import numpy as np


@kernel
def srt(item: Item, x: Array[int32, 2], out: Array[int32, 2], t: Array[int64]):
    i = item.get_id(0)
    p = private_array(8, np.int32)
    for k in range(8):
        p[k] = x[i, k]
    for k in range(1, 8):
        v = p[k]
        j = k - 1
        while j >= 0 and p[j] > v:
            p[j + 1] = p[j]
            j -= 1
        p[j + 1] = v
    for k in range(p.shape[0]):
        out[i, k] = p[k]
    q = PrivateArray(shape=(2, 4), dtype=int64)
    for r in range(2):
        for c in range(4):
            q[r, c] = x[i, r * 4 + c]
    s = 0
    for c in range(4):
        s += q[0, c] + q[1, c] * 10
    t[i] = s
