"""Only the arrays a kernel may write are copied back (the kernel
metadata's access, kiln_kernel_param_access): counted by the package's
copy-back counter, so the skip is seen, not timed."""

import ctypes

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32
from kiln import _capi, _host_tasks
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@kiln.kernel
def double(item: Item, a: Array[float32], b: Array[float32]):
    i = item.get_id(0)
    b[i] = a[i] * 2.0


@kiln.device_func
def put(x, i, v):
    x[i] = v


@kiln.kernel
def double_through_call(item: Item, a: Array[float32], b: Array[float32]):
    i = item.get_id(0)
    put(b, i, a[i] * 2.0)


def _accesses(kernel):
    """The C API's access of each parameter of the kernel's one
    specialization."""
    (spec,) = kernel._dispatch.values()
    lib = _capi.lib()
    out = []
    for j in range(len(spec.positions)):
        access = ctypes.c_int()
        _capi.check(lib.kiln_kernel_param_access(spec.kernel, j,
                                                 ctypes.byref(access)), "test")
        out.append(access.value)
    return out


@pytest.mark.parametrize("kernel", [double, double_through_call])
def test_only_the_written_array_is_copied_back(kernel):
    a = np.arange(64, dtype=np.float32)
    b = np.zeros(64, np.float32)
    before = _host_tasks.copies_back
    kiln.call_kernel(kernel, kiln.Range(64), a, b)
    assert _host_tasks.copies_back - before == 1
    np.testing.assert_array_equal(b, a * 2)
    np.testing.assert_array_equal(a, np.arange(64, dtype=np.float32))
    assert _accesses(kernel) == [_capi.ACCESS_READ_ONLY, _capi.ACCESS_WRITE]


def test_same_array_as_input_and_output_keeps_the_result():
    # Before the access was known both copies came back in parameter
    # order, the unchanged input's last: the output was lost.
    @kiln.kernel
    def shift(item: Item, b: Array[float32], a: Array[float32]):
        i = item.get_id(0)
        b[i] = a[i] + 1.0

    x = np.zeros(16, np.float32)
    kiln.call_kernel(shift, kiln.Range(16), x, x)
    np.testing.assert_array_equal(x, np.ones(16, np.float32))
