"""AtomicRef in the simulator: a histogram racing on threads, every
operation with its result, compare_exchange with numba-dpex's signature,
local-memory atomics, memory orders accepted, and the errors."""

import numpy as np
import pytest

import kiln
from kiln import (AddressSpace, Array, AtomicRef, Item, MemoryOrder,
                  MemoryScope, NdItem, float64, group_barrier, int32, int64,
                  local_array, uint32, uint8)

PY = dict(device="python")


@kiln.kernel
def histogram(it: NdItem, data: Array[uint8], bins: Array[uint32]):
    local_bins = local_array(16, uint32)
    lid = it.get_local_id(0)
    if lid < 16:
        local_bins[lid] = 0
    group_barrier(it.get_group())
    AtomicRef(local_bins, int64(data[it.get_global_id(0)]),
              memory_scope=MemoryScope.WORK_GROUP,
              address_space=AddressSpace.LOCAL).fetch_add(1)
    group_barrier(it.get_group())
    if lid < 16:
        AtomicRef(bins, lid, memory_order=MemoryOrder.ACQ_REL).fetch_add(local_bins[lid])


def test_histogram_with_local_and_global_atomics():
    data = np.random.default_rng(3).integers(0, 16, 512).astype(np.uint8)
    bins = np.zeros(16, np.uint32)
    kiln.call_kernel(histogram, kiln.NdRange(512, 64), data, bins, **PY)
    assert np.array_equal(bins, np.bincount(data, minlength=16))


@kiln.kernel
def every_op(item: Item, a: Array[int32], old: Array[int32]):
    old[0] = AtomicRef(a, 0).fetch_add(5)
    old[1] = AtomicRef(a, 1).fetch_sub(5)
    old[2] = AtomicRef(a, 2).fetch_min(-7)
    old[3] = AtomicRef(a, 3).fetch_max(9)
    old[4] = AtomicRef(a, 4).fetch_and(6)
    old[5] = AtomicRef(a, 5).fetch_or(6)
    old[6] = AtomicRef(a, 6).fetch_xor(6)
    old[7] = AtomicRef(a, 7, MemoryOrder.SEQ_CST, MemoryScope.SYSTEM).exchange(11)
    r = AtomicRef(a, 8, memory_order=MemoryOrder.RELEASE)
    r.store(12)
    old[8] = AtomicRef(a, 8, memory_order=MemoryOrder.ACQUIRE).load()


def test_every_operation_returns_the_old_value():
    a = np.full(9, 3, np.int32)
    old = np.zeros(9, np.int32)
    kiln.call_kernel(every_op, kiln.Range(1), a, old, **PY)
    assert old.tolist() == [3, 3, 3, 3, 3, 3, 3, 3, 12]
    assert a.tolist() == [8, -2, -7, 9, 2, 7, 5, 11, 12]


@kiln.kernel
def claim(item: Item, owner: Array[int64], expected: Array[int64], won: Array[int32]):
    i = item.get_id(0)
    if AtomicRef(owner, i % 3).compare_exchange(expected, i, expected_idx=i):
        won[i] = 1


def test_compare_exchange_numba_dpex_signature():
    owner = np.full(3, -1, np.int64)
    expected = np.full(9, -1, np.int64)
    won = np.zeros(9, np.int32)
    kiln.call_kernel(claim, kiln.Range(9), owner, expected, won, **PY)
    assert owner.tolist() == [0, 1, 2] and won.tolist() == [1, 1, 1] + [0] * 6
    assert expected.tolist() == [-1, -1, -1, 0, 1, 2, 0, 1, 2]


@kiln.kernel
def float_add(item: Item, x: Array[float64], total: Array[float64, 2]):
    AtomicRef(total, (0, 1)).fetch_add(x[item.get_id(0)])


def test_float64_atomics_on_a_2d_array():
    x = np.arange(10, dtype=np.float64)
    total = np.zeros((1, 2))
    kiln.call_kernel(float_add, kiln.Range(10), x, total, **PY)
    assert total[0, 1] == 45.0


@kiln.kernel
def bad_atomic(item: Item, a: Array[kiln.int16]):
    AtomicRef(a, 0).fetch_add(1)


@kiln.kernel
def float_bitwise(item: Item, a: Array[kiln.float32]):
    AtomicRef(a, 0).fetch_or(1)


def test_atomic_errors():
    with pytest.raises(kiln.KernelError, match="element type int16 has no atomics"):
        kiln.call_kernel(bad_atomic, kiln.Range(1), np.zeros(1, np.int16), **PY)
    with pytest.raises(kiln.KernelError, match="fetch_or needs an integer"):
        kiln.call_kernel(float_bitwise, kiln.Range(1), np.zeros(1, np.float32), **PY)
    with pytest.raises(ValueError, match="RELAXED fence"):
        kiln.atomic_fence(MemoryOrder.RELAXED, MemoryScope.DEVICE)
