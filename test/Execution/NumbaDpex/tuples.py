# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/dpex_tuples.py make tuples %t
# RUN: kiln-run %s -k tuples --device cpu --range 4,6 --arg x=@%t/x.npy --arg out=@%t/out.npy --arg ids=@%t/ids.npy --out out=%t/res_out.npy --out ids=%t/res_ids.npy
# RUN: %python %S/Inputs/dpex_tuples.py check tuples %t | FileCheck %s
# Tuples (issue 12 item 8): module tuple constants (a shape, mixed int and
# float elements), tuple locals whose elements keep their own types,
# constant and negative subscripts, unpacking of displays, locals and
# a.shape, a swap, len and a tuple as an index; on the CPU device against
# NumPy.
# CHECK: tuples: ok
SHAPE = (2, 3)
SCALE = 3, 0.25


@device_func
def flat(idx0: int64, idx1: int64, m: int64) -> int64:
    pos = (idx0, idx1)
    r, c = pos
    return r * m + c


@kernel
def tuples(item: Item, x: Array[float32, 2], out: Array[float32, 2],
           ids: Array[int64, 2]):
    i, j = item.get_id(0), item.get_id(1)
    n, m = x.shape
    idx = (i, j)
    t = (flat(i, j, m), x[idx])
    k, v = t
    k, v2 = t[0] + 1, t[-1] * SCALE[1]
    a, b = v, v2
    a, b = b, a
    p = PrivateArray(SHAPE, float32, fill_zeros=True)
    p[1, 2] = a
    out[idx] = a * SCALE[0] + b + p[1, 2] + len(SHAPE)
    ids[i, j] = k * 10 + len(t) + n * 100 + m
