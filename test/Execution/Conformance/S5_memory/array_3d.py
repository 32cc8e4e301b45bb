# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make array_3d %t
# RUN: kiln-run %s -k perm --range 3,4,6 --arg a=@%t/a.npy --arg out=zeros:6x3x4 --arg s=zeros:6 --out out=%t/out.npy --out s=%t/out_s.npy
# RUN: %python %S/../Inputs/conformance.py check array_3d %t | FileCheck %s
# Array[T, 3] (spec §5): row-major 3-D indexing (an axis permutation),
# shape, size, ndim.
# CHECK: array_3d: ok


@kernel
def perm(item: Item, a: Array[float32, 3], out: Array[float32, 3], s: Array[int64]):
    i = item.get_id(0)
    j = item.get_id(1)
    k = item.get_id(2)
    out[k, i, j] = a[i, j, k]
    if item.get_linear_id() == 0:
        s[0] = a.shape[0]
        s[1] = a.shape[1]
        s[2] = a.shape[2]
        s[3] = a.size
        s[4] = a.ndim
        s[5] = out.shape[0]
