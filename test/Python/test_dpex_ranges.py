"""`kiln.Range` is a tuple, as numba-dpex's Range is: len, indexing,
unpacking, isinstance, tuple equality, a Range as a shape
(`LocalAccessor(nd.local_range, dtype)`); Kiln's API stays (get, size,
ndim, repr, errors). `NdRange` is not a tuple (nor is numba-dpex's); its
`global_range` and `local_range` are Ranges. Launches over both, in the
simulator and compiled on the CPU device, through the C launcher (which
reads `_dims`, `_global`, `_local`) and the ctypes path."""

import copy
import pickle

import numpy as np
import pytest

import kiln
from kiln import kernel_api as kapi
from kiln import Array, Item, NdItem, LocalAccessor, float32, int64
from compiled import needs


def test_range_is_a_tuple():
    r = kapi.Range(4, 2)
    assert isinstance(r, tuple) and isinstance(r, kiln.Range)
    assert len(r) == 2 and r[0] == 4 and r[-1] == 2 and r[:1] == (4,)
    gx, gy = r
    assert (gx, gy) == (4, 2) and list(r) == [4, 2]
    assert r == (4, 2) and (4, 2) == r and r != (2, 4)
    assert hash(r) == hash((4, 2)) and {r: 1}[(4, 2)] == 1
    assert r == kiln.Range(4, 2) and r != kiln.Range(4)
    assert type(r[0]) is int


def test_kiln_api_stays():
    r = kiln.Range(2, 3, 4)
    assert r.get(1) == 3 and r.size() == 24 and r.ndim == 3
    assert repr(r) == str(r) == "Range(2, 3, 4)"
    assert (r.dim0, r.dim1, r.dim2) == (2, 3, 4)
    assert kiln.Range(5).dim1 == kiln.Range(5).dim2 == kiln.Range.UNDEFINED_DIMENSION == -1
    assert kiln.Range((4, 2)) == kiln.Range([4, 2]) == kiln.Range(kiln.Range(4, 2))
    assert kiln.Range(np.int64(3)) == (3,) and type(kiln.Range(np.int64(3))[0]) is int
    with pytest.raises(ValueError, match="positive"):
        kiln.Range(0)
    with pytest.raises(ValueError, match="1 to 3"):
        kiln.Range((1, 2, 3, 4))
    with pytest.raises(TypeError, match="must be an int"):
        kiln.Range(2.0)
    with pytest.raises(AttributeError):
        r.extra = 1  # no instance dictionary


def test_pickle_and_copy():
    for r in (kiln.Range(7), kiln.Range(2, 3, 4)):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(r, protocol))
            assert type(back) is kiln.Range and back == r
        assert type(copy.copy(r)) is kiln.Range and copy.deepcopy(r) == r
    nd = kiln.NdRange((8, 4), (2, 2))
    assert pickle.loads(pickle.dumps(nd)) == nd


def test_nd_range():
    nd = kapi.NdRange(kapi.Range(8, 4), (2, 2))
    assert not isinstance(nd, tuple)  # as numba-dpex's
    assert type(nd.global_range) is kiln.Range and nd.global_range == (8, 4)
    assert nd.local_range == (2, 2) and nd.get_local_range() is nd.local_range
    assert nd.get_global_range() is nd.global_range and nd.ndim == 2
    assert nd == kiln.NdRange([8, 4], kiln.Range(2, 2))
    assert hash(nd) == hash(kiln.NdRange((8, 4), (2, 2)))
    assert repr(nd) == "NdRange(Range(8, 4), Range(2, 2))"
    groups = tuple(g // l for g, l in zip(nd.global_range, nd.local_range))
    assert groups == (4, 2)
    with pytest.raises(ValueError, match="not divisible"):
        kiln.NdRange((8,), (3,))
    with pytest.raises(ValueError, match="dimension"):
        kiln.NdRange((8, 4), (2,))


def test_a_range_as_a_shape():
    nd = kapi.NdRange((16, 4), (4, 2))
    acc = kapi.LocalAccessor(nd.local_range, np.float32)
    assert acc.shape == (4, 2) and type(acc.shape) is tuple
    assert kiln.LocalAccessor([8], kiln.int32).shape == (8,)  # a list, as numba-dpex's
    assert np.zeros(kiln.Range(3, 2)).shape == (3, 2)


def test_plain_tuples_are_still_no_index_space():
    @kiln.kernel
    def k(item, a):
        a[item.get_id(0)] = 1

    with pytest.raises(TypeError, match="index_space must be a kiln.Range"):
        kiln.call_kernel(k, (4,), np.zeros(4), device="python")


# --- Launches ---------------------------------------------------------------

@kiln.kernel
def ids(item: Item, out: Array[int64, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    out[i, j] = i * 10 + j + item.get_range(0) * 100


@kiln.kernel
def tiled(it: NdItem, x: Array[float32], tile: LocalAccessor[float32, 1],
          out: Array[float32]):
    g = it.get_global_id(0)
    lid = it.get_local_id(0)
    tile[lid] = x[g]
    kapi.group_barrier(it.get_group())
    out[g] = tile[it.get_local_range(0) - 1 - lid]


@pytest.fixture(params=["simulator", "compiled"])
def device(request, monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu") if request.param == "compiled" else "python"


def test_launches_over_ranges_and_nd_ranges(device):
    out = np.zeros((3, 2), np.int64)
    r = kapi.Range(3, 2)
    kiln.call_kernel(ids, r, out, device=device)
    assert (out == np.array([[i * 10 + j + 300 for j in range(2)] for i in range(3)])).all()
    nd = kapi.NdRange((8,), (4,))
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(8, np.float32)
    tile = kapi.LocalAccessor(nd.local_range, np.float32)
    kiln.call_kernel(tiled, nd, x, tile, y, device=device)
    assert list(y) == [3, 2, 1, 0, 7, 6, 5, 4]


@kiln.kernel
def fill(item: Item, out: Array[int64], v: int64):
    out[item.get_id(0)] = v + item.get_range(0)


@kiln.kernel
def fill_nd(it: NdItem, out: Array[int64], v: int64):
    out[it.get_global_id(0)] = v + it.get_local_range(0)


def test_warm_launches_read_the_extents(monkeypatch):
    """Through the C launcher (read_space reads `_dims` of the Range and
    `_global`/`_local` of the NdRange: a Range it could not read would fall
    back to the Python path, counted here) and the ctypes plan."""
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    needs("cpu")
    from kiln import _compiled, _fastlaunch
    _compiled._init()
    out = kiln.zeros(8, np.int64)
    kiln.call_kernel(fill, kiln.Range(8), out, 1)
    kiln.call_kernel(fill_nd, kiln.NdRange(8, 4), out, 1)
    for kernel, space, extra in ((fill, kiln.Range(8), 8), (fill_nd, kiln.NdRange(8, 4), 4)):
        plan = [s for s in kernel._dispatch.values() if s.fast is not None][-1].fast
        block = _fastlaunch._Block(plan)
        plan._fill(block, space, (out, 5))  # the ctypes path
        assert tuple(block.global_)[:1] == (8,)
        assert plan._matches(space, (out, 5), None)
        if _fastlaunch.extension is not None:
            packed = plan.c.pack(space, (out, 5), None)
            assert packed is not None and packed[1][:1] == (8,)
        kiln.call_kernel(kernel, space, out, 5)
        assert list(out.to_numpy()) == [5 + extra] * 8
    if _fastlaunch.extension is None:
        return
    from kiln import _launch
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return _launch.call_kernel_async(*args, **kwargs)
    _fastlaunch.extension.install("fallback", counted)
    try:
        for v in range(3):
            kiln.call_kernel_async(fill, kiln.Range(8), [], out, v)[0].wait()
            kiln.call_kernel_async(fill_nd, kiln.NdRange(8, 4), [], out, v)[0].wait()
    finally:
        _fastlaunch.extension.install("fallback", _launch.call_kernel_async)
    assert calls == [] and list(out.to_numpy()) == [2 + 4] * 8
