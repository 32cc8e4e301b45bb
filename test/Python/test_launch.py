"""call_kernel / call_kernel_async: device selection, argument errors
naming the parameter, events (wait, completion, status, profiling),
dependent events, failures passed on, and the release of the Python
objects a launch kept alive once its host event completed."""

import gc
import threading
import weakref

import numpy as np
import pytest

import kiln
from kiln import Array, Constant, Item, LocalAccessor, NdItem, float32, int32, int64

PY = dict(device="python")


@kiln.kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]


@kiln.kernel
def nd(it: NdItem, x: Array[int32, 2], scratch: LocalAccessor[int32], n: Constant[int64]):
    x[it.get_global_id(0), it.get_global_id(1)] = n


def args(n=4):
    return 2.0, np.ones(n, np.float32), np.ones(n, np.float32)


def test_device_selection(monkeypatch):
    # KILN_SIMULATE=1 without device= runs the simulator; device="python"
    # does too whatever the environment (compiled launches:
    # test_compiled_*.py).
    monkeypatch.setenv("KILN_SIMULATE", "1")
    a, x, y = args()
    kiln.call_kernel(saxpy, kiln.Range(4), a, x, y)
    assert (y == 3).all()
    monkeypatch.delenv("KILN_SIMULATE")
    a, x, y = args()
    kiln.call_kernel(saxpy, kiln.Range(4), a, x, y, device="python")
    assert (y == 3).all()


@pytest.mark.parametrize("bad, error, message", [
    ((2.0, np.ones(4, np.float64), np.ones(4, np.float32)), TypeError,
     r"parameter 'x' of kernel 'saxpy' expects an array of float32, got float64"),
    ((2.0, np.ones((2, 2), np.float32), np.ones(4, np.float32)), ValueError,
     r"parameter 'x' .* 1 dimension\(s\), got 2"),
    ((2.0, np.lib.stride_tricks.as_strided(np.zeros(16, np.float32), (4,), (6,)),
      np.ones(4, np.float32)), ValueError,
     r"parameter 'x' .* strides \(6,\) \(bytes\) are not multiples of its item size"),
    ((2.0, [1.0] * 4, np.ones(4, np.float32)), TypeError,
     r"parameter 'x' .* expects a NumPy array of float32, got list"),
    ((np.ones(1), np.ones(4, np.float32), np.ones(4, np.float32)), TypeError,
     r"parameter 'a' .* expects a float32 scalar, got ndarray"),
    ((2.0, np.ones(4, np.float32)), TypeError,
     r"kernel 'saxpy' takes 3 argument\(s\) \(a, x, y\) but 2 were given"),
])
def test_bad_arguments_name_the_parameter(bad, error, message):
    with pytest.raises(error, match=message):
        kiln.call_kernel(saxpy, kiln.Range(4), *bad, **PY)


def test_scalar_range_and_kind_errors():
    x = np.zeros((4, 4), np.int32)
    space = kiln.NdRange((4, 4), (2, 2))
    with pytest.raises(TypeError, match=r"parameter 'n' of kernel 'nd' expects an integer \(int64\), got the float 1.5"):
        kiln.call_kernel(nd, space, x, kiln.LocalAccessor(4, kiln.int32), 1.5, **PY)
    with pytest.raises(ValueError, match=r"parameter 'n' .* does not fit in int64"):
        kiln.call_kernel(nd, space, x, kiln.LocalAccessor(4, kiln.int32), 2 ** 63, **PY)
    with pytest.raises(TypeError, match=r"parameter 'scratch' .* expects LocalAccessor\[int32, 1\]"):
        kiln.call_kernel(nd, space, x, kiln.LocalAccessor(4, kiln.float32), 1, **PY)
    with pytest.raises(TypeError, match=r"parameter 'scratch' .* expects a kiln.LocalAccessor"):
        kiln.call_kernel(nd, space, x, np.zeros(4, np.int32), 1, **PY)
    with pytest.raises(ValueError, match=r"takes an NdItem \(parameter 'it'\).*NdRange"):
        kiln.call_kernel(nd, kiln.Range(4, 4), x, kiln.LocalAccessor(4, kiln.int32), 1, **PY)
    with pytest.raises(TypeError, match="index_space must be a kiln.Range"):
        kiln.call_kernel(saxpy, 4, *args(), **PY)
    with pytest.raises(TypeError, match="must be a @kiln.kernel"):
        kiln.call_kernel(print, kiln.Range(4), **PY)
    with pytest.raises(TypeError, match="is not a @kiln.kernel.*takes the work-item"):
        kiln.call_kernel(lambda: 0, kiln.Range(4), **PY)  # test_dpex_options.py
    with pytest.raises(ValueError, match="LocalAccessor: shape"):
        kiln.LocalAccessor((0,), kiln.int32)
    kiln.call_kernel(nd, space, x, kiln.LocalAccessor(4, kiln.int32), 7, **PY)
    assert (x == 7).all()


def test_async_events_and_dependencies():
    a, x, y = args(64)
    h1, d1 = kiln.call_kernel_async(saxpy, kiln.Range(64), [], a, x, y, **PY)
    h2, d2 = kiln.call_kernel_async(saxpy, kiln.Range(64), [d1], a, x, y, **PY)
    assert h2.wait() is True and d2.is_complete() and h1.is_complete()
    assert (y == 5).all()
    assert d2.execution_status is kiln.EventStatus.COMPLETE
    assert d2.profiling_info_submit <= d2.profiling_info_start <= d2.profiling_info_end
    assert h2.profiling_info_start >= d2.profiling_info_end


def test_dependent_events_must_be_events():
    with pytest.raises(TypeError, match="dependent_events must be a list of kiln events"):
        kiln.call_kernel_async(saxpy, kiln.Range(4), [object()], *args(), **PY)


@kiln.kernel
def blocked(item: Item, gate: Array[int32]):
    while gate[0] == 0:
        pass


def test_completion_query_before_and_after():
    gate = np.zeros(1, np.int32)
    host, device = kiln.call_kernel_async(blocked, kiln.Range(1), [], gate, **PY)
    assert not device.is_complete() and host.wait(timeout=0.05) is False
    gate[0] = 1
    assert host.wait() and device.is_complete()


@kiln.kernel
def out_of_bounds(item: Item, x: Array[float32]):
    x[100] = 1.0


def test_a_failed_event_passes_its_error_on():
    x = np.zeros(4, np.float32)
    h1, d1 = kiln.call_kernel_async(out_of_bounds, kiln.Range(1), [], x, **PY)
    h2, d2 = kiln.call_kernel_async(saxpy, kiln.Range(4), [d1], *args(), **PY)
    with pytest.raises(kiln.KernelError, match="kernel 'out_of_bounds' failed"):
        d1.wait()
    with pytest.raises(kiln.KernelError, match="'saxpy' was not run: an event it depends on failed"):
        h2.wait()
    assert d1.failed and h2.failed


def test_host_event_releases_the_arguments():
    a, x, y = args(16)
    refs = [weakref.ref(x), weakref.ref(y), weakref.ref(saxpy)]
    gate = np.zeros(1, np.int32)
    # Hold the queue so the launch is still pending while we drop our names.
    kiln.call_kernel_async(blocked, kiln.Range(1), [], gate, **PY)
    host, device = kiln.call_kernel_async(saxpy, kiln.Range(16), [], a, x, y, **PY)
    del x, y
    gc.collect()
    assert refs[0]() is not None and refs[1]() is not None  # kept by the launch
    gate[0] = 1
    host.wait()
    gc.collect()
    assert refs[0]() is None and refs[1]() is None
    assert refs[2]() is saxpy


def test_call_kernel_waits_for_earlier_async_launches():
    gate = np.zeros(1, np.int32)
    a, x, y = args(8)
    kiln.call_kernel_async(blocked, kiln.Range(1), [], gate, **PY)
    threading.Timer(0.05, lambda: gate.__setitem__(0, 1)).start()
    kiln.call_kernel(saxpy, kiln.Range(8), a, x, y, **PY)
    assert gate[0] == 1 and (y == 3).all()
