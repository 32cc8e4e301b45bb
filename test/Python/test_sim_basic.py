"""The simulator on Range launches: the index-space mapping, scalars and
their types, device functions, private arrays, math typing, kernels
without a work-item."""

import math

import numpy as np
import pytest

import kiln
from kiln import (Array, Item, NdItem, float32, float64, int32, int64, uint8,
                  private_array, PrivateArray)

PY = dict(device="python")


@kiln.device_func
def twice(x):
    return x * 2


@kiln.kernel
def ids_2d(item: Item, out: Array[int64, 2], lin: Array[int64, 2]):
    i, j = item.get_id(0), item.get_id(1)
    out[i, j] = i * 100 + j + item.get_range(2) * 10000
    lin[i, j] = item.get_linear_id() + 1000 * item.dimensions


def test_row_major_mapping_and_unused_dimensions():
    out = np.zeros((3, 4), np.int64)
    lin = np.zeros((3, 4), np.int64)
    kiln.call_kernel(ids_2d, kiln.Range(3, 4), out, lin, **PY)
    i, j = np.indices((3, 4))
    assert (out == i * 100 + j + 10000).all()
    assert (lin == np.arange(12).reshape(3, 4) + 2000).all()


@kiln.kernel
def typed(item: Item, a: float32, n: int32, x: Array[float32], kinds: Array[int64]):
    i = item.get_id(0)
    y = x[i] * 0.1 + a        # float32 with a weak literal stays float32
    x[i] = twice(y)
    r = math.sqrt(x[i])       # math of a float32 is float32
    kinds[0] = 1 if isinstance(y, np.float32) else 0
    kinds[1] = 1 if isinstance(r, np.float32) else 0
    kinds[2] = 1 if isinstance(n, np.int32) else 0
    kinds[3] = n * int32(1 << 30)   # int32 arithmetic wraps


def test_scalars_keep_the_spec_types():
    x = np.arange(4, dtype=np.float32)
    kinds = np.zeros(4, np.int64)
    kiln.call_kernel(typed, kiln.Range(4), 1.5, 3, x, kinds, **PY)
    expected = (np.arange(4, dtype=np.float32) * np.float32(0.1) + np.float32(1.5)) * 2
    assert np.array_equal(x, expected)
    assert kinds[:3].tolist() == [1, 1, 1]
    assert kinds[3] == 3 * 2 ** 30 - 2 ** 32


@kiln.kernel
def privates(item: Item, x: Array[float64], out: Array[float64]):
    i = item.get_id(0)
    p = private_array(3, float64)
    q = PrivateArray((2,), x.dtype, fill_zeros=True)
    for k in range(3):
        p[k] = x[i] * k
        q[0] += p[k]
    out[i] = q[0] + p.shape[0]


def test_private_arrays_are_per_work_item():
    x = np.arange(5, dtype=np.float64)
    out = np.zeros(5)
    kiln.call_kernel(privates, kiln.Range(5), x, out, **PY)
    assert np.array_equal(out, x * 3 + 3)


@kiln.kernel
def no_item(b):
    b[0] = 42


def test_kernel_without_a_work_item_runs_per_work_item():
    b = np.zeros(1, np.int64)
    kiln.call_kernel(no_item, kiln.Range(8), b, **PY)
    assert b[0] == 42


@kiln.kernel
def generic(item, a, x, out):
    i = item.get_id(0)
    out[i] = a * x[i]


def test_generic_parameters_take_the_arguments_types():
    x = np.arange(4, dtype=np.float32)
    out = np.zeros(4, np.float64)
    kiln.call_kernel(generic, kiln.Range(4), 0.1, x, out, **PY)
    # A Python float is float64 (as the compiled kernel would type it).
    assert np.array_equal(out, np.float64(0.1) * x.astype(np.float64))


def test_item_kernel_over_an_nd_range_uses_global_ids():
    out = np.zeros((4, 6), np.int64)
    lin = np.zeros((4, 6), np.int64)
    kiln.call_kernel(ids_2d, kiln.NdRange((4, 6), (2, 3)), out, lin, **PY)
    assert (lin == np.arange(24).reshape(4, 6) + 2000).all()


def make_scaler(scale):
    @kiln.kernel
    def scaled(item: Item, a: Array[uint8]):
        a[item.get_id(0)] = a[item.get_id(0)] * scale

    return scaled


def test_closure_kernel_uses_captured_values():
    a = np.array([1, 2, 200], np.uint8)
    kiln.call_kernel(make_scaler(2), kiln.Range(3), a, **PY)
    assert a.tolist() == [2, 4, 144]   # uint8 stores wrap


@kiln.kernel
def fails(item: Item, x: Array[float32]):
    x[item.get_id(0) + 10] = 1.0


def test_an_exception_names_the_work_item():
    x = np.zeros(4, np.float32)
    with pytest.raises(kiln.KernelError, match=r"kernel 'fails'.*work-item \(0,\).*IndexError") as info:
        kiln.call_kernel(fails, kiln.Range(4), x, **PY)
    assert isinstance(info.value.__cause__, IndexError)
