"""The simulator's work-groups: real barriers over local memory (a
reduction, a tiled transpose), LocalAccessor arguments, group and
sub-group collectives, sub-group geometry, and the errors a divergent
kernel meets instead of a hang."""

import numpy as np
import pytest

import kiln
from kiln import (Array, LocalAccessor, NdItem, float32, int32, int64,
                  group_barrier, local_array, sub_group_barrier)

PY = dict(device="python")
TILE = 4


@kiln.kernel
def tree_sum(it: NdItem, x: Array[float32], out: Array[float32],
             scratch: LocalAccessor[float32]):
    lid = it.get_local_id(0)
    scratch[lid] = x[it.get_global_id(0)]
    group_barrier(it.get_group())
    stride = it.get_local_range(0) // 2
    while stride > 0:
        if lid < stride:
            scratch[lid] += scratch[lid + stride]
        group_barrier(it.get_group())
        stride //= 2
    if lid == 0:
        out[it.get_group().get_group_id(0)] = scratch[0]


def test_local_memory_reduction_needs_real_barriers():
    x = np.arange(256, dtype=np.float32)
    out = np.zeros(4, np.float32)
    kiln.call_kernel(tree_sum, kiln.NdRange(256, 64), x, out,
                     kiln.LocalAccessor(64, kiln.float32), **PY)
    assert np.array_equal(out, x.reshape(4, 64).sum(axis=1))


@kiln.kernel
def transpose(it: NdItem, a: Array[int32, 2], b: Array[int32, 2]):
    tile = local_array((TILE, TILE), int32)
    li, lj = it.get_local_id(0), it.get_local_id(1)
    gi, gj = it.get_group().get_group_id(0), it.get_group().get_group_id(1)
    tile[lj, li] = a[gi * TILE + li, gj * TILE + lj]
    group_barrier(it.get_group())
    b[gj * TILE + li, gi * TILE + lj] = tile[li, lj]


def test_tiled_transpose():
    a = np.arange(8 * 12, dtype=np.int32).reshape(8, 12)
    b = np.zeros((12, 8), np.int32)
    kiln.call_kernel(transpose, kiln.NdRange((8, 12), (TILE, TILE)), a, b, **PY)
    assert np.array_equal(b, a.T)


@kiln.kernel
def collectives(it: NdItem, x: Array[int64], out: Array[int64, 2]):
    g = it.get_group()
    i = it.get_global_id(0)
    v = x[i]
    out[i, 0] = kiln.group_reduce(g, v, "add")
    out[i, 1] = kiln.group_reduce(g, v, "max")
    out[i, 2] = kiln.group_inclusive_scan(g, v, "add")
    out[i, 3] = kiln.group_exclusive_scan(g, v, "add")
    out[i, 4] = kiln.group_exclusive_scan(g, v, "min")
    out[i, 5] = kiln.group_broadcast(g, v, 3)
    out[i, 6] = kiln.group_reduce(g, v, "xor")


def test_group_collectives():
    rng = np.random.default_rng(1)
    x = rng.integers(-50, 50, 48).astype(np.int64)
    out = np.zeros((48, 7), np.int64)
    kiln.call_kernel(collectives, kiln.NdRange(48, 16), x, out, **PY)
    g = x.reshape(3, 16)
    rep = lambda v: np.repeat(v, 16)
    assert np.array_equal(out[:, 0], rep(g.sum(1)))
    assert np.array_equal(out[:, 1], rep(g.max(1)))
    assert np.array_equal(out[:, 2], np.cumsum(g, 1).ravel())
    assert np.array_equal(out[:, 3], (np.cumsum(g, 1) - g).ravel())
    mins = np.minimum.accumulate(g, 1)
    exc_min = np.concatenate([np.full((3, 1), np.iinfo(np.int64).max), mins[:, :-1]], 1)
    assert np.array_equal(out[:, 4], exc_min.ravel())
    assert np.array_equal(out[:, 5], rep(g[:, 3]))
    assert np.array_equal(out[:, 6], rep(np.bitwise_xor.reduce(g, 1)))


@kiln.kernel
def sub_groups(it: NdItem, x: Array[int32], out: Array[int32, 2], lx: LocalAccessor[int32]):
    i = it.get_global_id(0)
    l = it.get_local_id(0)
    sg = it.get_sub_group()
    v = x[i]
    out[i, 0] = sg.shuffle(v, (sg.get_local_id() + 1) % sg.get_local_range())
    out[i, 1] = sg.shuffle_down(v, 1)
    out[i, 2] = sg.shuffle_up(v, 1)
    out[i, 3] = sg.shuffle_xor(v, 1)
    out[i, 4] = kiln.sub_group_reduce(sg, v, "add")
    out[i, 5] = sg.get_local_id()
    out[i, 6] = sg.get_local_range() * 100 + sg.get_group_id() * 10 + sg.get_group_range()
    lx[l] = v * 2
    sub_group_barrier(sg)
    out[i, 7] = lx[l ^ 1] if (l ^ 1) < it.get_local_range(0) and sg.get_local_range() > 1 else 0


def test_sub_groups_are_consecutive_local_ids(monkeypatch):
    monkeypatch.setenv("KILN_SIMULATE_SUB_GROUP_SIZE", "8")
    x = np.arange(40, dtype=np.int32) * 3
    out = np.zeros((40, 8), np.int32)
    # Work-groups of 20: sub-groups of 8, 8 and a short one of 4.
    kiln.call_kernel(sub_groups, kiln.NdRange(40, 20), x, out,
                     kiln.LocalAccessor(20, kiln.int32), **PY)
    for i in range(40):
        l = i % 20
        base, size = (l // 8) * 8, min(8, 20 - (l // 8) * 8)
        lane = l - base
        sg = x[(i - l) + base:(i - l) + base + size]
        assert out[i, 0] == sg[(lane + 1) % size]
        assert out[i, 1] == (sg[lane + 1] if lane + 1 < size else x[i])
        assert out[i, 2] == (sg[lane - 1] if lane >= 1 else x[i])
        assert out[i, 3] == sg[lane ^ 1]
        assert out[i, 4] == sg.sum()
        assert out[i, 5] == lane
        assert out[i, 6] == size * 100 + (l // 8) * 10 + 3
        assert out[i, 7] == x[i ^ 1] * 2


def test_default_sub_group_size_is_a_warp():
    x = np.arange(64, dtype=np.int32)
    out = np.zeros((64, 8), np.int32)
    kiln.call_kernel(sub_groups, kiln.NdRange(64, 64), x, out,
                     kiln.LocalAccessor(64, kiln.int32), **PY)
    assert out[:, 5].tolist() == list(range(32)) * 2
    assert out[0, 4] == x[:32].sum()


@kiln.kernel
def early_return(it: NdItem, x: Array[int32], out: Array[int32]):
    l = it.get_local_id(0)
    if l == 0:
        return
    group_barrier(it.get_group())
    out[it.get_global_id(0)] = x[it.get_global_id(0)] + kiln.group_reduce(it.get_group(), 1, "add")


def test_a_collective_that_a_work_item_skipped_is_an_error_not_a_hang():
    x = np.arange(8, dtype=np.int32)
    out = np.zeros(8, np.int32)
    with pytest.raises(kiln.KernelError, match="did not reach this collective"):
        kiln.call_kernel(early_return, kiln.NdRange(8, 4), x, out, **PY)


@kiln.kernel
def fails_in_group(it: NdItem, x: Array[int32]):
    if it.get_local_id(0) == 2:
        x[100] = 1
    group_barrier(it.get_group())


def test_a_failing_work_item_aborts_its_group():
    x = np.zeros(8, np.int32)
    with pytest.raises(kiln.KernelError, match=r"work-group \(0,\), local id \(2,\).*IndexError"):
        kiln.call_kernel(fails_in_group, kiln.NdRange(8, 4), x, **PY)


@kiln.kernel
def nd_queries(it: NdItem, out: Array[int64, 2]):
    i = it.get_global_linear_id()
    g = it.get_group()
    out[i, 0] = it.get_local_linear_id()
    out[i, 1] = g.get_group_linear_id()
    out[i, 2] = g.get_group_linear_range() * 100 + g.get_local_linear_range()
    out[i, 3] = it.get_global_linear_range() * 10 + it.dimensions
    out[i, 4] = 1 if g.leader() else 0


def test_nd_item_queries_are_row_major():
    out = np.zeros((24, 5), np.int64)
    kiln.call_kernel(nd_queries, kiln.NdRange((4, 6), (2, 3)), out, **PY)
    gi, gj = np.indices((4, 6))
    assert out[:, 0].tolist() == ((gi % 2) * 3 + gj % 3).ravel().tolist()
    assert out[:, 1].tolist() == ((gi // 2) * 2 + gj // 3).ravel().tolist()
    assert (out[:, 2] == 4 * 100 + 6).all() and (out[:, 3] == 242).all()
    assert out[:, 4].sum() == 4


@kiln.kernel
def hillis_steele(it: NdItem, x: Array[int32], out: Array[int32],
                  buf: LocalAccessor[int32, 2]):
    lid = it.get_local_id(0)
    n = it.get_local_range(0)
    buf[0, lid] = x[it.get_global_id(0)]
    group_barrier(it.get_group())
    src = 0
    offset = 1
    while offset < n:
        dst = 1 - src
        buf[dst, lid] = buf[src, lid] + (buf[src, lid - offset] if lid >= offset else 0)
        group_barrier(it.get_group())
        src = dst
        offset *= 2
    out[it.get_global_id(0)] = buf[src, lid]


def test_prefix_sum_with_local_memory_and_barriers_in_a_loop():
    x = np.random.default_rng(9).integers(-9, 9, 96).astype(np.int32)
    out = np.zeros_like(x)
    kiln.call_kernel(hillis_steele, kiln.NdRange(96, 32), x, out,
                     kiln.LocalAccessor((2, 32), kiln.int32), **PY)
    assert np.array_equal(out, np.cumsum(x.reshape(3, 32), 1).ravel())
