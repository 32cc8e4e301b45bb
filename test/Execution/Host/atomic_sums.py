# REQUIRES: host
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', (np.arange(100003) %% 97).astype(np.int32))"
# RUN: kiln-run %s -k sums --device host --range 100003 --arg x=@%t/x.npy --arg total=zeros:1 --arg fsum=zeros:1 --arg top=zeros:1 --out total=%t/t.npy --out fsum=%t/f.npy --out top=%t/m.npy | FileCheck %s
# RUN: %python -c "import numpy as np; x = np.load('%t/x.npy'); t = np.load('%t/t.npy'); f = np.load('%t/f.npy'); m = np.load('%t/m.npy'); print('total', int(t[0]) == int(x.sum()), 'float', abs(float(f[0]) - float(x.sum())) < 1e-3 * float(x.sum()), 'max', int(m[0]) == int(x.max()))" | FileCheck %s --check-prefix=REF
# RUN: kiln-run %s -k sums --device host --nd-range 100000:400 --arg x=@%t/x.npy --arg total=zeros:1 --arg fsum=zeros:1 --arg top=zeros:1 --out total=%t/t.npy --out fsum=%t/f.npy --out top=%t/m.npy | FileCheck %s --check-prefix=ND
# Reductions through global atomics on the native CPU device: an int64
# fetch_add, a float32 fetch_add (atomicrmw fadd) and an int32 fetch_max,
# every work-item on one address, from every thread of the device.
# CHECK: ran sums over Range(100003) on host
# REF: total True float True max True
# ND: ran sums over NdRange(Range(100000), Range(400)) on host
from kiln import kernel, Item, Array, AtomicRef, float32, int32, int64


@kernel
def sums(item: Item, x: Array[int32], total: Array[int64],
         fsum: Array[float32], top: Array[int32]):
    i = item.get_id(0)
    AtomicRef(total, 0).fetch_add(int64(x[i]))
    AtomicRef(fsum, 0).fetch_add(float32(x[i]))
    AtomicRef(top, 0).fetch_max(x[i])
