"""numba-dpex-style programs on the package: the kernels of
examples/dpex/ (`import kiln as dpex`, `from kiln import kernel_api as
kapi`) launched with `dpex.call_kernel` on NumPy arrays, compiled on the
CPU device and in the simulator, checked against NumPy; a numba-dpex
program with `call_kernel_async` and dependent events, unchanged; and
synchronisation through device functions and aliases."""

import math
import os
import sys
import types

import numpy as np
import pytest

import kiln
import kiln as dpex
from kiln import kernel_api as kapi
from kiln import group_barrier as barrier
from conftest import ROOT, load_module
from compiled import needs


@pytest.fixture(params=["compiled", "simulator"])
def mode(request, monkeypatch):
    if request.param == "compiled":
        monkeypatch.delenv("KILN_SIMULATE", raising=False)
        needs("cpu")
    else:
        monkeypatch.setenv("KILN_SIMULATE", "1")
    return request.param


@pytest.fixture
def dpex_example(monkeypatch, mode):
    monkeypatch.setitem(sys.modules, "dpnp", types.ModuleType("dpnp"))
    return lambda name: load_module(os.path.join(ROOT, "examples", "dpex", name + ".py"))


def test_index_space_report(dpex_example):
    m = dpex_example("index_space_report")
    out = np.zeros((24, 5), np.int64)
    dpex.call_kernel(m.nd_report, kapi.NdRange((4, 6), (2, 3)), out)
    assert (out[:, 0] == 24).all() and (out[:, 1] == 6).all() and (out[:, 2] == 2).all()
    assert (out[:, 3] == 2 + 4).all() and (out[:, 4] == 5 * 10 + 2).all()
    flat = np.zeros(24, np.int64)
    dpex.call_kernel(m.item_report, kapi.Range(2, 3, 4), flat)
    assert (flat == 243).all()
    b = np.zeros(1, np.int64)
    dpex.call_kernel(m.set_first, kapi.Range(8), b)
    assert b[0] == 42


def test_kernel_factory_closure(dpex_example):
    m = dpex_example("kernel_factory")
    x = np.linspace(-1, 1, 16)
    out = np.empty_like(x)
    dpex.call_kernel(m.make_poly(3, 0.25), kapi.Range(16), x, out)
    t = x - 0.25
    assert np.allclose(out, ((1.0 * t + 1) * t + 1) * t + 1)


def test_row_moments_generic_dtype(dpex_example):
    m = dpex_example("row_moments")
    a = np.random.default_rng(7).random((16, 40)).astype(np.float32)
    out = np.zeros((16, 3), np.float32)
    dpex.call_kernel(m.row_moments, kapi.Range(16), a, out)
    a64 = a.astype(np.float64)
    assert np.allclose(out[:, 0], a64.mean(1), rtol=1e-5)
    assert np.allclose(out[:, 1], a64.std(1), rtol=1e-3)
    assert np.allclose(out[:, 2], np.abs(a).max(1) + 16)


def test_weighted_histogram_float64_atomics(dpex_example):
    m = dpex_example("weighted_histogram")
    rng = np.random.default_rng(8)
    values, weights = rng.uniform(0, 100, 500), rng.uniform(0, 1, 500)
    hist = np.zeros(20)
    dpex.call_kernel(m.weighted_histogram, kapi.Range(500), values, weights, 0.0, 5, hist)
    expected = np.bincount((values // 5).astype(int), weights, minlength=20)
    assert np.allclose(hist, expected)


def test_claim_slots_compare_exchange(dpex_example):
    m = dpex_example("claim_slots")
    owner = np.full(5, -1, np.int64)
    expected = np.full(64, -1, np.int64)
    won = np.zeros(64, np.int32)
    dpex.call_kernel(m.claim_slots, kapi.Range(64), owner, expected, won)
    assert owner.tolist() == [0, 1, 2, 3, 4] and won.sum() == 5


@kiln.device_func
def stage(tmp, it, x):
    tmp[it.get_local_id(0)] = x[it.get_global_id(0)]
    kapi.group_barrier(it.get_group())


@dpex.kernel
def reverse_in_group(it: kapi.NdItem, x, out, tmp):
    stage(tmp, it, x)
    n = it.get_local_range(0)
    out[it.get_global_id(0)] = tmp[n - 1 - it.get_local_id(0)]
    barrier(it.get_group())


def test_barriers_in_device_functions_and_under_aliases(mode):
    x = np.arange(32, dtype=np.int32)
    out = np.zeros_like(x)
    dpex.call_kernel(reverse_in_group, kapi.NdRange(32, 8), x, out,
                     kapi.LocalAccessor(8, kiln.int32))
    assert np.array_equal(out, x.reshape(4, 8)[:, ::-1].ravel())


@dpex.kernel
def vector_add(item, a, b, c):
    i = item.get_id(0)
    c[i] = a[i] + b[i]


@dpex.kernel
def group_sum(nd_item: kapi.NdItem, c, partial, tmp):
    gid = nd_item.get_global_id(0)
    lid = nd_item.get_local_id(0)
    tmp[lid] = c[gid]
    kapi.group_barrier(nd_item.get_group())
    if lid == 0:
        total = 0.0
        for k in range(nd_item.get_local_range(0)):
            total += tmp[k]
        partial[nd_item.get_group().get_group_id(0)] = total


def test_numba_dpex_program_with_dependent_events(mode):
    n, wg = 1024, 64
    a = np.random.default_rng(3).random(n)
    b = np.random.default_rng(4).random(n)
    c = np.zeros(n)
    partial = np.zeros(n // wg)
    _, added = dpex.call_kernel_async(vector_add, kapi.Range(n), [], a, b, c)
    host, summed = dpex.call_kernel_async(
        group_sum, kapi.NdRange((n,), (wg,)), [added], c, partial,
        kapi.LocalAccessor((wg,), np.float64))
    host.wait()
    assert summed.is_complete()
    assert np.allclose(c, a + b)
    assert np.allclose(partial, (a + b).reshape(-1, wg).sum(1))
    dpex.call_kernel(vector_add, kapi.Range(n), a, b, c)
    assert np.allclose(c, a + b)


def test_module_imported_inside_the_defining_function(mode):
    """`kapi` bound by an import inside a function is used only in an
    annotation: neither a closure cell nor a global of the kernel."""
    import kiln as dpex_local
    from kiln import kernel_api as kapi_local

    @dpex_local.kernel
    def scaled(item: kapi_local.Item, a, out):
        i = item.get_id(0)
        out[i] = a[i] * 3

    a = np.arange(100, dtype=np.float32)
    out = np.zeros_like(a)
    dpex_local.call_kernel(scaled, kapi_local.Range(100), a, out)
    assert np.array_equal(out, a * 3)
