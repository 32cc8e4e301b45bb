# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make atomic_local_float64 %t
# RUN: kiln-run %s -k atom --nd-range 256:64 --local lown=64x12 --arg v=@%t/v.npy --arg init=@%t/init.npy --arg own=@%t/own.npy --arg exp=@%t/exp.npy --arg acc=zeros:4x8 --arg old=zeros:256x10 --arg ok=zeros:256x2 --out acc=%t/out_acc.npy --out own=%t/out_own.npy --out old=%t/out_old.npy --out ok=%t/out_ok.npy --out exp=%t/out_exp.npy
# RUN: %python %S/../Inputs/conformance.py check atomic_local_float64 %t | FileCheck %s
# AtomicRef on local float64 (spec §5), a local_array for the shared elements and a LocalAccessor for the rows: fetch_add/sub/min/max, load,
# store, exchange, compare_exchange success and failure (expected in global
# memory), contended per work-group (4 groups of 64) and uncontended on
# each work-item's row; results copied out after a barrier.
# The values are small integers, so float sums are exact in any order.
# On PoCL (no float64 atomics) add/sub/min/max are compare-and-swap loops
# on the int64 bits and exchange an int64 exchange (issue 12 item 6); on
# CUDA (test/Execution/CUDA/atomic_local_float64.test) add/sub are native.
# CHECK: atomic_local_float64: ok


@kernel
def atom(it: NdItem, v: Array[float64], init: Array[float64], acc: Array[float64, 2], own: Array[float64, 2],
         old: Array[float64, 2], exp: Array[float64, 2], ok: Array[bool, 2],
         lown: LocalAccessor[float64, 2]):
    lacc = local_array(8, float64)
    i = it.get_global_id(0)
    l = it.get_local_id(0)
    g = it.get_group()
    if g.leader():
        for k in range(8):
            lacc[k] = init[k]
    for k in range(12):
        lown[l, k] = own[i, k]
    group_barrier(g)
    x = v[i]
    AtomicRef(lacc, 0).fetch_add(x)
    AtomicRef(lacc, 1, MemoryOrder.ACQ_REL, MemoryScope.WORK_GROUP).fetch_sub(x)
    AtomicRef(lacc, 2, memory_order=MemoryOrder.SEQ_CST, address_space=AddressSpace.LOCAL).fetch_min(x)
    AtomicRef(lacc, 3, memory_scope=MemoryScope.WORK_GROUP).fetch_max(x)
    e = private_array(1, float64)
    e[0] = AtomicRef(lacc, 7, memory_order=MemoryOrder.ACQUIRE).load()
    while not AtomicRef(lacc, 7).compare_exchange(e, e[0] + 1):
        pass
    r = AtomicRef(lown, (l, 0))
    old[i, 0] = r.fetch_add(x)
    old[i, 1] = AtomicRef(lown, (l, 1)).fetch_sub(x)
    old[i, 2] = AtomicRef(lown, (l, 2)).fetch_min(x)
    old[i, 3] = AtomicRef(lown, (l, 3)).fetch_max(x)
    old[i, 4] = lown[l, 4]
    old[i, 5] = lown[l, 5]
    old[i, 6] = lown[l, 6]
    old[i, 7] = AtomicRef(lown, (l, 7)).load()
    AtomicRef(lown, (l, 8), MemoryOrder.RELEASE).store(x)
    old[i, 9] = AtomicRef(lown, (l, 9)).exchange(x)
    ok[i, 0] = AtomicRef(lown, (l, 10)).compare_exchange(exp, x, expected_idx=(i, 0))
    ok[i, 1] = AtomicRef(lown, (l, 11)).compare_exchange(exp, x, expected_idx=(i, 1))
    group_barrier(g)
    if g.leader():
        for k in range(8):
            acc[g.get_group_id(0), k] = lacc[k]
    for k in range(12):
        own[i, k] = lown[l, k]
