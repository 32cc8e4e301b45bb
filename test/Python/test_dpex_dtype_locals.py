"""dtypes held in locals and captured (issue 24 item 7), as dpbench's
numba-dpex kernels write them: `dtype = a.dtype` then `dtype.type(x)` and
`kapi.PrivateArray(shape, dtype=dtype)` (black_scholes, gpairs, knn,
rambo), `a.dtype.type(0.0)` (pairwise_distance), `T = a.dtype.type`, and
module or closure types: `DT = np.float32` (`DT(x)`), `np.dtype("f8")`
(`.type(x)`). Compiled on the CPU device and run in the simulator against
NumPy; a dtype is not callable (as in NumPy: a kiln.CompileError at the
user's line)."""

import math

import numpy as np
import pytest

import kiln as dpex
from kiln import kernel_api as kapi
from compiled import needs

DT = np.float32
DTO = np.dtype("float64")


@pytest.fixture(params=["compiled", "simulator"])
def mode(request, monkeypatch):
    if request.param == "compiled":
        monkeypatch.delenv("KILN_SIMULATE", raising=False)
        needs("cpu")
    else:
        monkeypatch.setenv("KILN_SIMULATE", "1")
    return request.param


@dpex.kernel
def scaled(item, a, out):
    # dpbench's rambo: the element type held in a local converts constants.
    dtype = a.dtype
    i = item.get_id(0)
    out[i] = dtype.type(2.7) * a[i] - dtype.type(1)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_dtype_local_converts_to_the_element_type(mode, dtype):
    a = np.arange(10).astype(dtype)
    out = np.zeros_like(a)
    dpex.call_kernel(scaled, kapi.Range(10), a, out)
    c = np.dtype(dtype).type
    assert np.allclose(out, c(2.7) * a - c(1))
    if dtype is np.int32:
        assert np.array_equal(out, 2 * a - 1)  # int32(2.7) == 2


@dpex.kernel
def nearest(item, train, test, out):
    # dpbench's knn: a private array of the local's dtype, distances in it.
    dtype = train.dtype
    i = item.get_id(0)
    best = kapi.PrivateArray(shape=(2, 2), dtype=dtype)
    best[0, 0] = dtype.type(1e30)
    best[0, 1] = dtype.type(-1)
    for j in range(train.shape[0]):
        distance = dtype.type(0.0)
        for k in range(train.shape[1]):
            d = test[i, k] - train[j, k]
            distance += d * d
        if distance < best[0, 0]:
            best[0, 0] = distance
            best[0, 1] = j
    out[i] = best[0, 1]


def test_private_array_of_the_local_dtype(mode):
    rng = np.random.default_rng(5)
    train = rng.random((20, 3)).astype(np.float32)
    test = rng.random((6, 3)).astype(np.float32)
    out = np.zeros(6, np.float32)
    dpex.call_kernel(nearest, kapi.Range(6), train, test, out)
    expected = ((test[:, None, :] - train[None]) ** 2).sum(-1).argmin(1)
    assert np.array_equal(out.astype(int), expected)


@dpex.kernel
def pairwise(item, X1, X2, D):
    # dpbench's pairwise_distance; `T = X1.dtype.type` is its class.
    i = item.get_id(0)
    j = item.get_id(1)
    T = X1.dtype.type
    d = X1.dtype.type(0.0)
    for k in range(X1.shape[1]):
        tmp = X1[i, k] - X2[j, k]
        d += tmp * tmp
    D[i, j] = math.sqrt(d) + T(0)


def test_pairwise_distance(mode):
    rng = np.random.default_rng(6)
    X1, X2 = rng.random((5, 4)), rng.random((7, 4))
    D = np.zeros((5, 7))
    dpex.call_kernel(pairwise, kapi.Range(5, 7), X1, X2, D)
    assert np.allclose(D, np.sqrt(((X1[:, None] - X2[None]) ** 2).sum(-1)))


@dpex.kernel
def captured_types(item, a, out):
    i = item.get_id(0)
    out[i] = DTO.type(a[i]) / DT(3)


def test_module_level_types(mode):
    a = np.arange(6, dtype=np.int64)
    out = np.zeros(6)
    dpex.call_kernel(captured_types, kapi.Range(6), a, out)
    assert np.allclose(out, a / np.float32(3))


def make_cast(dtype):
    """A kernel factory closing over a dtype object."""
    @dpex.kernel
    def cast(item, a, out):
        i = item.get_id(0)
        out[i] = dtype.type(a[i]) * 2
    return cast


@pytest.mark.parametrize("name, expected", [
    ("int16", lambda a: (a.astype(np.int16) * 2).astype(np.float64)),
    ("float32", lambda a: a.astype(np.float32) * 2),
    ("f8", lambda a: a * 2),
])
def test_closure_dtype(mode, name, expected):
    a = np.array([1.5, 2.25, -3.75, 400.5])
    out = np.zeros(4)
    dpex.call_kernel(make_cast(np.dtype(name)), kapi.Range(4), a, out)
    assert np.array_equal(out, expected(a))


@dpex.kernel
def call_a_dtype(item, a):
    dtype = a.dtype
    a[0] = dtype(1)


def test_calling_a_dtype_is_a_located_error(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    needs("cpu")
    with pytest.raises(dpex.CompileError) as info:
        dpex.call_kernel(call_a_dtype, kapi.Range(1), np.zeros(1, np.float32))
    error = info.value
    assert (error.filename, error.lineno, error.offset) == (
        __file__, call_a_dtype.first_line + 3, 12)
    assert ("'dtype' is the NumPy dtype 'float32', which is not callable (as "
            "in NumPy); convert with 'dtype.type(x)'") in str(error)


def test_calling_a_dtype_fails_in_the_simulator_too(monkeypatch):
    monkeypatch.setenv("KILN_SIMULATE", "1")
    with pytest.raises(dpex.KernelError) as info:
        dpex.call_kernel(call_a_dtype, kapi.Range(1), np.zeros(1, np.float32))
    assert isinstance(info.value.__cause__, TypeError)
