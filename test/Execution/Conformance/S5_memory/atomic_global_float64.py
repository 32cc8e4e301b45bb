# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make atomic_global_float64 %t
# RUN: kiln-run %s -k atom --range 256 --arg v=@%t/v.npy --arg own=@%t/own.npy --arg exp=@%t/exp.npy --arg acc=@%t/init.npy --arg old=zeros:256x10 --arg ok=zeros:256x2 --out acc=%t/out_acc.npy --out own=%t/out_own.npy --out old=%t/out_old.npy --out ok=%t/out_ok.npy --out exp=%t/out_exp.npy
# RUN: %python %S/../Inputs/conformance.py check atomic_global_float64 %t | FileCheck %s
# AtomicRef on global float64 (spec §5): fetch_add/sub/min/max, load,
# store, exchange and compare_exchange (success: True and the value
# replaced; failure: False and the current value written back to the
# expected array), with explicit orders and scopes. Contended: every
# work-item hits the same elements (and a compare_exchange retry loop
# counts them); uncontended: each work-item's own row, checking returns.
# The values are small integers, so float sums are exact in any order.
# On PoCL (no float64 atomics) add/sub/min/max are compare-and-swap loops
# on the int64 bits and exchange an int64 exchange (issue 12 item 6); on
# CUDA (test/Execution/CUDA/atomic_global_float64.test) add/sub are native.
# CHECK: atomic_global_float64: ok


@kernel
def atom(item: Item, v: Array[float64], acc: Array[float64], own: Array[float64, 2], old: Array[float64, 2],
         exp: Array[float64, 2], ok: Array[bool, 2]):
    i = item.get_id(0)
    x = v[i]
    AtomicRef(acc, 0).fetch_add(x)
    AtomicRef(acc, 1, MemoryOrder.ACQ_REL, MemoryScope.DEVICE).fetch_sub(x)
    AtomicRef(acc, 2, memory_order=MemoryOrder.SEQ_CST).fetch_min(x)
    AtomicRef(acc, 3, memory_scope=MemoryScope.DEVICE).fetch_max(x)
    e = private_array(1, float64)
    e[0] = AtomicRef(acc, 7, memory_order=MemoryOrder.ACQUIRE).load()
    while not AtomicRef(acc, 7).compare_exchange(e, e[0] + 1):
        pass
    r = AtomicRef(own, (i, 0))
    old[i, 0] = r.fetch_add(x)
    old[i, 1] = AtomicRef(own, (i, 1)).fetch_sub(x)
    old[i, 2] = AtomicRef(own, (i, 2)).fetch_min(x)
    old[i, 3] = AtomicRef(own, (i, 3)).fetch_max(x)
    old[i, 4] = own[i, 4]
    old[i, 5] = own[i, 5]
    old[i, 6] = own[i, 6]
    old[i, 7] = AtomicRef(own, (i, 7)).load()
    AtomicRef(own, (i, 8), MemoryOrder.RELEASE).store(x)
    old[i, 9] = AtomicRef(own, (i, 9)).exchange(x)
    ok[i, 0] = AtomicRef(own, (i, 10)).compare_exchange(exp, x, expected_idx=(i, 0))
    ok[i, 1] = AtomicRef(own, (i, 11)).compare_exchange(exp, x, expected_idx=(i, 1))
