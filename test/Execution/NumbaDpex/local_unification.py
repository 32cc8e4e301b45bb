# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', (np.arange(32, dtype=np.float32) * 0.25).reshape(8, 4)); np.save('%t/n.npy', np.arange(8, dtype=np.int32) - 3)"
# RUN: kiln-run %s -k unify --device cpu --range 8 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg out=zeros:8x3 --out out=%t/out.npy
# RUN: %python -c "import numpy as np; x = np.load('%t/x.npy'); n = np.load('%t/n.npy'); o = np.load('%t/out.npy'); s = (np.float32(0.5) * x).sum(axis=1, dtype=np.float32); want = np.stack([s, np.where(n > 0, np.float32(2.5), np.float32(n)), (np.arange(8, dtype=np.int64) * 2**33 + n).astype(np.float32)], axis=1); assert o.dtype == np.float32 and np.allclose(o, want, rtol=1e-6), (o, want); print('unify ok')" | FileCheck %s
# Locals assigned values of several numeric types take their promotion
# (Numba's unification, spec §2 v2; issue 12 item 7): `s = 0` accumulating
# float32 values is float32, `t` assigned an int32 and a float literal is
# float32, `c` assigned an int32 and an int64 is int64 (no wrap of i * 2**33 + c).
# On the CPU device against NumPy.
# CHECK: unify ok


@kernel
def unify(item: Item, x: Array[float32, 2], n: Array[int32], out: Array[float32, 2]):
    i = item.get_id(0)
    s = 0
    for j in range(x.shape[1]):
        s += 0.5 * x[i, j]
    out[i, 0] = s
    t = n[i]
    if n[i] > 0:
        t = 2.5
    out[i, 1] = t
    c = n[i]
    c = i * 8589934592 + c
    out[i, 2] = c
