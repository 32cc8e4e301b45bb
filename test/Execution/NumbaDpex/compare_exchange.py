# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/compare_exchange.py make %t
# RUN: kiln-run %s -k cas --device cpu --range 6 --arg a=@%t/a.npy --arg exp=@%t/exp.npy --arg ok=zeros:6 --out a=%t/out_a.npy --out exp=%t/out_exp.npy --out ok=%t/out_ok.npy 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: %python %S/Inputs/compare_exchange.py check %t | FileCheck %s
# numba-dpex's AtomicRef.compare_exchange(expected, desired, expected_idx=0)
# run on the CPU device against its NumPy reference: a positional call
# (which Kiln read as (expected_array, expected_index, desired) before, so
# that element 2 stayed 2 instead of becoming 7), the default
# expected_idx, and keywords. Each work-item has its own element; the
# expected elements of the failed ones receive the current value.
# WARN: compare_exchange.py:[[@LINE+8]]:{{[0-9]+}}: warning: the third argument of 'compare_exchange' is expected_idx
# CHECK: compare_exchange: ok [7, 7, 2, 7, 4, 6]


@kernel
def cas(item: Item, a: Array[int32], exp: Array[int32], ok: Array[bool]):
    i = item.get_id(0)
    if i < 4:
        ok[i] = AtomicRef(a, i).compare_exchange(exp, 7, i)
    elif i == 4:
        ok[i] = AtomicRef(a, i).compare_exchange(exp, 8)
    else:
        ok[i] = AtomicRef(a, i).compare_exchange(expected=exp, desired=6, expected_idx=i)
