# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s --implicit-check-not=warning
# compare_exchange takes numba-dpex's arguments (expected, desired,
# expected_idx=0) by position or keyword; expected_idx may be a tuple for an
# expected array of several dimensions. No warning unless expected_idx is
# the third positional argument.

# CHECK-LABEL: kiln.kernel @defaults(
# The expected value is exp[0]; 7 is the desired value.
# CHECK: %[[E:.+]] = kiln.load %arg2[%c0_i64] : <i32, 1>
# CHECK: kiln.atomic_cmpxchg %arg1[%{{.+}}], %[[E]], %c7_i32, relaxed, device
# CHECK: kiln.store %old, %arg2[%c0_i64]
@kernel
def defaults(item: Item, a: Array[int32], exp: Array[int32]):
    AtomicRef(a, 1).compare_exchange(exp, 7)

# CHECK-LABEL: kiln.kernel @keywords(
# CHECK: %[[E:.+]] = kiln.load %arg2[%c3_i64] : <i32, 1>
# CHECK: kiln.atomic_cmpxchg %arg1[%{{.+}}], %[[E]], %c9_i32, relaxed, device
@kernel
def keywords(item: Item, a: Array[int32], exp: Array[int32]):
    AtomicRef(a, 1).compare_exchange(desired=9, expected_idx=3, expected=exp)

# CHECK-LABEL: kiln.kernel @tuple_index(
# CHECK: %[[E:.+]] = kiln.load %arg2[%{{.+}}, %c1_i64] : <f64, 2>
# CHECK: kiln.atomic_cmpxchg %arg1[%{{.+}}], %[[E]], %cst, relaxed, device : <f64, 1>
@kernel
def tuple_index(item: Item, a: Array[float64], exp: Array[float64, 2]):
    i = item.get_id(0)
    AtomicRef(a, i).compare_exchange(exp, 2.5, expected_idx=(i, 1))
