# RUN: kilnc %s --emit=kiln | FileCheck %s
# AtomicRef (spec section 5): inline or bound to a variable (its indices
# are evaluated once, at the binding, and kept in slots); fetch_min/max on
# unsigned elements are umin/umax; compare_exchange returns bool and on
# failure writes the current value to expected[expected_idx] (numba-dpex's
# compare_exchange(expected, desired, expected_idx=0)).

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[I:.+]] = memref.load
# CHECK: kiln.atomic_rmw add %arg1[%[[I]]], %c1_i32, relaxed, device : <i32, 1>
# The binding stores the indices; each use reloads them.
# CHECK: memref.store %{{.+}}, %[[S0:.+]][] : memref<i64>
# CHECK: memref.store %c0_i64, %[[S1:.+]][] : memref<i64>
# CHECK: %[[A:.+]] = memref.load %[[S0]][]
# CHECK: %[[B:.+]] = memref.load %[[S1]][]
# CHECK: kiln.atomic_rmw umin %arg2[%[[A]], %[[B]]], %c5_i64, acq_rel, work_group : <i64, 2>
# CHECK: kiln.atomic_rmw umax %arg2
# CHECK: kiln.atomic_rmw and %arg2
# CHECK: kiln.atomic_rmw or %arg2
# CHECK: kiln.atomic_rmw xor %arg2
# CHECK: kiln.atomic_rmw sub %arg2
# CHECK: kiln.atomic_rmw add %arg3[%{{.+}}], %cst, relaxed, device : <f32, 1>
# CHECK: kiln.atomic_rmw exchange %arg3
# CHECK: kiln.atomic_store %{{.+}}, %arg3[%{{.+}}], release, device : <f32, 1>
# CHECK: kiln.atomic_load %arg3[%{{.+}}], relaxed, device : <f32, 1>
# CHECK: kiln.atomic_rmw min %arg4[%{{.+}}], %{{.+}}, relaxed, device : <i32, 1, local>
# compare_exchange
# CHECK: %[[E:.+]] = kiln.load %arg5[%[[EI:.+]]] : <i32, 1>
# CHECK: %old, %success = kiln.atomic_cmpxchg %arg1[%{{.+}}], %[[E]], %c42_i32, seq_cst, device : <i32, 1>
# CHECK: %[[F:.+]] = arith.xori %success, %true
# CHECK: scf.if %[[F]] {
# CHECK-NEXT: kiln.store %old, %arg5[%[[EI]]] : <i32, 1>
@kernel
def k(it: NdItem, a: Array[int32], m: Array[uint64, 2], f: Array[float32], loc: LocalAccessor[int32], exp: Array[int32], out: Array[int32]):
    i = it.get_global_id(0)
    old = AtomicRef(a, i).fetch_add(1)
    r = AtomicRef(m, (i, 0), memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.WORK_GROUP)
    r.fetch_min(5)
    r.fetch_max(u64(7))
    r.fetch_and(3)
    r.fetch_or(3)
    r.fetch_xor(3)
    r.fetch_sub(1)
    rf = AtomicRef(f, 0)
    rf.fetch_add(1.5)
    rf.exchange(2.0)
    AtomicRef(f, 0, MemoryOrder.RELEASE).store(3.0)
    out[0] = int32(rf.load())
    l = AtomicRef(loc, 0, address_space=AddressSpace.LOCAL)
    l.fetch_min(int32(i))
    ok = AtomicRef(a, 0, memory_order=MemoryOrder.SEQ_CST).compare_exchange(exp, 42)
    if ok:
        out[1] = old

# float64 atomics are emitted; whether the target has them is checked when
# lowering.
# CHECK-LABEL: kiln.kernel @f64(
# CHECK: kiln.atomic_rmw add %arg1[%{{.+}}], %{{.+}}, relaxed, device : <f64, 1>
@kernel
def f64(item: Item, d: Array[float64]):
    AtomicRef(d, 0).fetch_add(1.0)
