# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make array_2d %t
# RUN: kiln-run %s -k tr --range 5,9 --arg a=@%t/a.npy --arg out=zeros:9x5 --arg s=zeros:5 --out out=%t/out.npy --out s=%t/out_s.npy
# RUN: %python %S/../Inputs/conformance.py check array_2d %t | FileCheck %s
# Array[T, 2] (spec §5): row-major element order (a transpose), a.shape[d]
# incl. shape[-1], a.size and a.ndim.
# CHECK: array_2d: ok


@kernel
def tr(item: Item, a: Array[float32, 2], out: Array[float32, 2], s: Array[int64]):
    i = item.get_id(0)
    j = item.get_id(1)
    out[j, i] = a[i, j]
    if i == 0 and j == 0:
        s[0] = a.shape[0]
        s[1] = a.shape[1]
        s[2] = a.shape[-1]
        s[3] = a.size
        s[4] = a.ndim
