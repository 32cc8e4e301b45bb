"""Compiled launches on CUDA (scripts/gpu-check.sh runs them on the GPU
machine; elsewhere they skip, saying why): the same programs as on the CPU
device, plus the 16-bit float scalars the CPU device lacks."""

import numpy as np
import pytest

import kiln
from kiln import Array, Item, NdItem, float32
from compiled import skip_unless

pytestmark = skip_unless("cuda:0")
CUDA = dict(device="cuda:0")


@kiln.kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]


@kiln.kernel
def store(item, out, value):
    out[0] = value


@kiln.kernel
def widen(item: Item, out: Array[float32], b: kiln.bfloat16):
    out[0] = float32(b)


@kiln.kernel
def reverse(it: NdItem, x, tmp):
    lid = it.get_local_id(0)
    tmp[lid] = x[it.get_global_id(0)]
    kiln.group_barrier(it.get_group())
    x[it.get_global_id(0)] = tmp[it.get_local_range(0) - 1 - lid]


def test_device_properties():
    device = kiln.Device("cuda:0")
    assert device.backend == "cuda" and device.type == "gpu"
    assert device.compute_capability >= 50
    assert device in kiln.devices()


def test_saxpy_and_dependent_events():
    x = np.arange(4096, dtype=np.float32)
    y = np.zeros(4096, np.float32)
    _, first = kiln.call_kernel_async(saxpy, kiln.Range(4096), [], 1.0, x, y, **CUDA)
    host, _ = kiln.call_kernel_async(saxpy, kiln.Range(4096), [first], 2.0, x, y, **CUDA)
    host.wait()
    assert (y == 3 * x).all()


@pytest.mark.parametrize("name", ["int8", "uint64", "float16", "float64"])
def test_scalars(name):
    dtype = np.dtype(name)
    value = dtype.type(np.iinfo(dtype).max if dtype.kind in "iu" else 1.5)
    out = np.zeros(1, dtype)
    kiln.call_kernel(store, kiln.Range(1), out, value, **CUDA)
    assert out[0] == value


def test_bfloat16_scalar():
    out = np.zeros(1, np.float32)
    kiln.call_kernel(widen, kiln.Range(1), out, 1.5, **CUDA)
    assert out[0] == 1.5


def test_local_accessor():
    x = np.arange(256, dtype=np.int32)
    kiln.call_kernel(reverse, kiln.NdRange(256, 64), x,
                     kiln.LocalAccessor(64, np.int32), **CUDA)
    assert (x == np.arange(256).reshape(4, 64)[:, ::-1].ravel()).all()


def test_inspect_ptx_is_what_runs():
    x, y = np.ones(4, np.float32), np.ones(4, np.float32)
    kiln.call_kernel(saxpy, kiln.Range(4), 1.0, x, y, **CUDA)
    texts = saxpy.inspect("ptx")
    assert any(".entry saxpy" in t for t in texts.values())
