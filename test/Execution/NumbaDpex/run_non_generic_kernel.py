# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k fill --device cpu --range 8 --arg a=zeros:8 --out a=%t/a.npy | FileCheck %s --check-prefix=LAUNCH
# RUN: %python -c "import numpy as np; a = np.load('%t/a.npy'); assert a.dtype == np.float32 and (a == np.arange(8, dtype=np.float32) * 0.5).all(), a; print('fill: ok')" | FileCheck %s
# Issue 12 item 9: a module holding a generic kernel and a non-generic one
# runs the non-generic one (kiln-run -k) without a signature for the
# generic one. Compared with NumPy on the CPU device.
# LAUNCH: ran fill over Range(8)
# CHECK: fill: ok


@kernel
def scale(item: Item, a, f):
    a[item.get_id(0)] *= f


@kernel
def fill(item: Item, a: Array[float32]):
    i = item.get_id(0)
    a[i] = i * 0.5
