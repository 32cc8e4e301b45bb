# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Kiln's older compare_exchange(expected_array, expected_index, desired)
# binds to numba-dpex's (expected, desired, expected_idx) with the index and
# the value swapped: a positional third argument is compiled with
# numba-dpex's meaning and warned about, at the argument.
# CHECK: {{.*}}warn_atomic_cmpxchg_positional_index.py:13:46: warning: the third argument of 'compare_exchange' is expected_idx (numba-dpex's compare_exchange(expected, desired, expected_idx=0)), not the desired value as in Kiln before spec v2; pass it as 'expected_idx=' to say so
# CHECK: %[[E:.+]] = kiln.load %arg2[%c5_i64] : <i32, 1>
# CHECK: kiln.atomic_cmpxchg %arg1[%{{.+}}], %[[E]], %c0_i32, relaxed, device
@kernel
def k(item: Item, a: Array[int32], exp: Array[int32]):
    # Old meaning: expected exp[0], desired 5; numba-dpex's: expected
    # exp[5], desired 0.
    AtomicRef(a, 1).compare_exchange(exp, 0, 5)
