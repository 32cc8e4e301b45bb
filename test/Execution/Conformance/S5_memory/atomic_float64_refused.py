# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(64, dtype=np.float64))"
# RUN: not kiln-run %s -k total --range 64 --arg x=@%t/x.npy --arg out=zeros:2 2>&1 | FileCheck %s -DK=total
# RUN: not kiln-run %s -k local_total --nd-range 64:16 --arg x=@%t/x.npy --arg out=zeros:2 2>&1 | FileCheck %s -DK=local_total
# float64 atomics exist "where the target supports it" (spec §5); PoCL has
# no float64 atomics, so kiln-run refuses the kernel clearly (global and
# local memory) instead of running it.
# CHECK: kiln-run: error: kernel '[[K]]' needs fp64_atomics, which device '{{.*}}' does not support


@kernel
def total(item: Item, x: Array[float64], out: Array[float64]):
    i = item.get_id(0)
    AtomicRef(out, 0).fetch_add(x[i])
    AtomicRef(out, 1).fetch_max(x[i])


@kernel
def local_total(it: NdItem, x: Array[float64], out: Array[float64]):
    s = local_array(1, float64)
    g = it.get_group()
    if g.leader():
        s[0] = 0.0
    group_barrier(g)
    AtomicRef(s, 0).fetch_add(x[it.get_global_id(0)])
    group_barrier(g)
    if g.leader():
        out[0] += s[0]
