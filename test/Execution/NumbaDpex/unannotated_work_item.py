# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.arange(24, dtype=np.float32).reshape(4, 6)); np.save('%t/hits.npy', np.zeros(1, np.int64)); np.save('%t/ids.npy', np.zeros(12, np.int64))"
# RUN: kiln-run %s -k count --device cpu --range 4,6 --arg hits=@%t/hits.npy --out hits=%t/range_hits.npy
# RUN: kiln-run %s -k count --device cpu --nd-range 4,6:2,3 --arg hits=@%t/hits.npy --out hits=%t/nd_hits.npy
# RUN: kiln-run %s -k scale --device cpu --range 4,6 --arg a=@%t/a.npy --arg b=@%t/a.npy --out b=%t/b.npy
# RUN: kiln-run %s -k local_ids --device cpu --nd-range 12:4 --arg ids=@%t/ids.npy --out ids=%t/local_ids.npy
# RUN: %python %S/Inputs/unannotated_work_item_check.py %t | FileCheck %s
# RUN: not kiln-run %s -k scale --device cpu --nd-range 4,6:2,3 --arg a=@%t/a.npy --arg b=@%t/a.npy 2>&1 | FileCheck %s --check-prefix=ND
# An unannotated first parameter is the work-item, typed by the launch
# (issue 12 item 4, numba-dpex style): an Item over a Range, an NdItem over
# an NdRange. `count` runs both ways (it reads only `dimensions`, which
# both have); on the CPU device against NumPy.
# CHECK: count over Range(4, 6): ok
# CHECK-NEXT: count over NdRange((4, 6), (2, 3)): ok
# CHECK-NEXT: scale: ok
# CHECK-NEXT: local_ids: ok
# An NdRange makes `item` an NdItem, which has get_global_id, not get_id.
# ND: unannotated_work_item.py:[[@LINE+10]]:14: error: 'NdItem' has no method 'get_id'; an NdItem's is 'get_global_id' ('get_id' is an Item's: launch over a Range)


@kernel
def count(item, hits):
    AtomicRef(hits, 0).fetch_add(item.dimensions)


@kernel
def scale(item, a, b):
    i = item.get_id(0)
    j = item.get_id(1)
    b[i, j] = a[i, j] * 2 + item.get_linear_id()


@kernel
def local_ids(it, ids):
    ids[it.get_global_id(0)] = it.get_local_id(0)
