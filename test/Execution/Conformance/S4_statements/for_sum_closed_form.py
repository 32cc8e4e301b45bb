# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/n.npy', np.array([0, 1, 5, 100000], np.int32))"
# RUN: kiln-run %s -k tri --range 4 --arg n=@%t/n.npy --arg out=zeros:4 --out out=%t/out.npy
# RUN: %python -c "import numpy as np; o = np.load('%t/out.npy'); n = np.load('%t/n.npy').astype(np.int64); assert (o == n * (n - 1) // 2).all(), o; print('tri ok')" | FileCheck %s
# The smallest for loop that accumulates its int32 loop variable into an
# int64: at -O2 LLVM computes the sum in closed form with an i65 multiply,
# which the SPIR-V back end must still be able to emit (for, spec §4).
# CHECK: tri ok


@kernel
def tri(item: Item, n: Array[int32], out: Array[int64]):
    i = item.get_id(0)
    s = 0
    for k in range(n[i]):
        s += k
    out[i] = s
