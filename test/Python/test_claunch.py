"""The C launch (kiln._claunch, python/lib/launch_*.c) against the ctypes
path of _fastlaunch.py: the same kiln_arg_t bytes for every scalar dtype
(bfloat16, float16 and complex included) and for DeviceArrays, the same
refusals and messages naming the parameter, arguments that are not the
specialization's falling back to the general path (never a wrong
launch), launches from threads at once, and the arguments released once
the host event completes. Bad input to the launcher is an exception,
never a crash."""

import gc
import re
import struct
import threading
import weakref

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32, int64
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


def _extension():
    from kiln import _compiled, _fastlaunch
    _compiled._init()
    if _fastlaunch.extension is None:
        pytest.skip("kiln._claunch is not built (no Python headers) or "
                    "KILN_LAUNCH_EXTENSION=0")
    return _fastlaunch.extension


@kiln.kernel
def axpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]


@kiln.kernel
def put(item: Item, out: Array[int64], v: int64):
    out[item.get_id(0)] = v


@kiln.kernel
def small(item: Item, v: kiln.int8, w: float32):
    if v < 0:
        v = v + 1


def _spec(kernel, **match):
    specs = [s for s in kernel._dispatch.values() if s.fast is not None]
    return specs[-1]


def _ctypes_bytes(plan, space, args):
    from kiln import _fastlaunch
    block = _fastlaunch._Block(plan)
    plan._fill(block, space, args)
    n = len(plan.fields)
    return bytes(block.view[:n * _fastlaunch._ARG_SIZE]), tuple(block.global_)


def _c_bytes(plan, space, args, device=None):
    packed = plan.c.pack(space, args, device)
    return None if packed is None else (packed[0], packed[1])


# --- Scalars of every dtype ------------------------------------------------

def _scalar_plan(dtypes, args):
    """A plan of one scalar parameter per dtype (packers as _compiled makes
    them), over the launch handles of a compiled kernel: packed, never
    submitted."""
    from kiln import _compiled, _fastlaunch
    kiln.call_kernel(small, kiln.Range(1), 1, 1.0)
    real = _spec(small).fast
    fields = []
    for k, dtype in enumerate(dtypes):
        pack = _compiled._scalar_packer(f"p{k}", dtype)
        fields.append(pack.field)
    plan = _fastlaunch.Plan(real.kernel, real.queue, 1, False,
                            list(range(len(fields))), fields, real.device,
                            kiln.Range)
    plan.bind(args, True)
    assert plan.c is not None
    return plan


def _dtype(name):
    return getattr(kiln, name)  # a kiln DType, as _compiled's packers get


VALUES = {
    "bool": [True, False, np.bool_(True)],
    "int8": [-128, 127, np.int8(-5)],
    "int16": [-32768, 32767, np.int16(9)],
    "int32": [-2**31, 2**31 - 1, np.int32(-70000)],
    "int64": [-2**63, 2**63 - 1, np.int64(2**40)],
    "uint8": [0, 255, np.uint8(200)],
    "uint16": [0, 65535, np.uint16(7)],
    "uint32": [0, 2**32 - 1, np.uint32(2**31 + 5)],
    "uint64": [0, 2**64 - 1, np.uint64(2**63 + 9)],
    "float16": [1.5, -65504.0, float("inf"), np.float16(0.1)],
    "float32": [1.5, -3.4e38, float("nan"), np.float32(0.1), 1e-50],
    "float64": [1.5, 1e300, float("-inf"), np.float64(0.1)],
    "bfloat16": [1.5, -2.75, np.float32(3.0e38)],
    "complex64": [1 + 2j, np.complex64(0.5 - 2j), 3.0],
    "complex128": [1 + 2j, np.complex128(-1e300 + 1j)],
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_scalars_pack_the_ctypes_bytes(name):
    _extension()
    for value in VALUES[name]:
        args = (value,)
        plan = _scalar_plan([_dtype(name)], args)
        space = kiln.Range(3)
        assert _c_bytes(plan, space, args) == _ctypes_bytes(plan, space, args), \
            (name, value)


def test_many_scalars_in_one_launch_pack_the_ctypes_bytes():
    _extension()
    names = sorted(VALUES)
    args = tuple(VALUES[n][0] for n in names)
    plan = _scalar_plan([_dtype(n) for n in names], args)
    space = kiln.Range(7)
    assert _c_bytes(plan, space, args) == _ctypes_bytes(plan, space, args)


REFUSED = [
    ("int8", 128), ("int8", -129), ("int16", 2**15), ("int32", -2**31 - 1),
    ("int64", 2**63), ("uint8", -1), ("uint8", 256), ("uint16", 65536),
    ("uint32", 2**32), ("uint64", -1), ("uint64", 2**64),
    ("float32", 1e300), ("float16", 70000.0), ("int32", 1.5),
    ("float64", "x"), ("complex64", "x"), ("bool", np.array([1, 2])),
]
# Refused by struct itself: the message names the parameter.
NAMED = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
         "uint64", "float32", "float16", "float64"}


def _ctypes_error(plan, space, args):
    from kiln import _fastlaunch
    with pytest.raises(Exception) as info:
        plan._fill(_fastlaunch._Block(plan), space, args)
    return info.value


def _c_error(plan, space, args):
    extension = _extension()
    with pytest.raises(extension.ArgumentError) as info:
        plan.c.pack(space, args, None)
    try:
        raise plan._argument_error(args, info.value)
    except Exception as error:  # what _launch_c raises
        return error


@pytest.mark.parametrize("name, value", REFUSED)
def test_refused_values_give_the_ctypes_error(name, value):
    _extension()
    args = (1, value)
    plan = _scalar_plan([kiln.int8, _dtype(name)], args)
    space = kiln.Range(1)
    c, py = _c_error(plan, space, args), _ctypes_error(plan, space, args)
    assert type(c) is type(py) and str(c) == str(py)
    if name in NAMED:
        assert str(py).startswith("parameter 'p1': ")


@pytest.mark.parametrize("args, message", [
    ((300, 1.0), "parameter 'v': 300 does not fit in int8"),
    ((1, 1e300), "parameter 'w': 1e+300 does not fit in float32"),
])
def test_launch_errors_are_the_same_both_ways(args, message):
    _extension()
    kiln.call_kernel(small, kiln.Range(1), 1, 1.0)
    plan = _spec(small).fast
    assert plan.c is not None
    with pytest.raises(ValueError, match=re.escape(message)) as c_error:
        kiln.call_kernel_async(small, kiln.Range(1), [], *args)
    c_path, plan.c = plan.c, None
    try:
        with pytest.raises(ValueError) as ctypes_error:
            kiln.call_kernel_async(small, kiln.Range(1), [], *args)
    finally:
        plan.c = c_path
    assert str(c_error.value) == str(ctypes_error.value)
    kiln.call_kernel(small, kiln.Range(1), 2, 2.0)


# --- DeviceArrays -----------------------------------------------------------

def _arrays(n=8, dtype=np.float32):
    x = kiln.asarray(np.arange(n, dtype=dtype))
    y = kiln.asarray(np.ones(n, dtype=dtype))
    return x, y


def test_device_arrays_pack_the_ctypes_bytes_and_launch():
    _extension()
    x, y = _arrays()
    kiln.call_kernel(axpy, kiln.Range(8), 2.0, x, y)
    plan = _spec(axpy).fast
    assert plan.c is not None and plan.entry and axpy._fast_entry is plan
    args = (3.0, x, y)
    space = kiln.Range(8)
    c = _c_bytes(plan, space, args)
    assert c == _ctypes_bytes(plan, space, args)
    assert struct.pack("<Q", x._handle) in c[0]
    kiln.call_kernel(axpy, kiln.Range(8), 3.0, x, y)  # the entry, in C
    np.testing.assert_array_equal(y.to_numpy(), 1 + 5 * np.arange(8))
    assert len(axpy._dispatch) == 1


def test_arguments_of_another_specialization_take_the_general_path():
    _extension()
    x, y = _arrays(9)
    kiln.call_kernel(axpy, kiln.Range(8), 1.0, x, y)
    plan = axpy._fast_entry
    space = kiln.Range(8)
    host = np.arange(9, dtype=np.float32)
    odd = kiln.asarray(host[1:])  # data 4 bytes past 16-byte alignment
    assert not odd.aligned
    other = kiln.asarray(np.zeros(8, np.float64))
    two_d = kiln.asarray(np.zeros((2, 4), np.float32))
    for args in [(1.0, odd, y), (1.0, x, other), (1.0, two_d, y),
                 (1.0, x, x), (1, x, y)]:
        assert _c_bytes(plan, space, args) is None, args
        assert not plan._matches(space, args, None), args
    assert _c_bytes(plan, kiln.NdRange(kiln.Range(8), kiln.Range(4)),
                    (1.0, x, y)) is None
    assert _c_bytes(plan, kiln.Range(2, 4), (1.0, x, y)) is None
    # Launched, each gets its own specialization and the right result.
    before = len(axpy._dispatch)
    kiln.call_kernel(axpy, kiln.Range(8), 1.0, odd, y)
    assert len(axpy._dispatch) == before + 1
    np.testing.assert_array_equal(y.to_numpy()[:8], 2 + 2 * np.arange(8))


@kiln.kernel
def add_to(item: Item, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = y[i] + x[i]


def test_overlapping_arrays_never_launch_the_distinct_arrays_kernel():
    _extension()
    x, y = _arrays(4)
    kiln.call_kernel(add_to, kiln.Range(4), x, y)  # distinct: the entry
    entry = add_to._fast_entry
    kiln.call_kernel(add_to, kiln.Range(4), y, y)  # aliasing: its own key
    aliased = [s.fast for s in add_to._dispatch.values() if s.fast is not entry]
    assert len(aliased) == 1 and not aliased[0].entry
    assert add_to._fast_entry is entry
    kiln.call_kernel(add_to, kiln.Range(4), y, y)
    np.testing.assert_array_equal(y.to_numpy(), 4 * (1 + np.arange(4)))
    assert len(add_to._dispatch) == 2


def test_launches_from_threads_at_once():
    _extension()
    outs = [kiln.zeros(4, np.int64) for _ in range(4)]
    kiln.call_kernel(put, kiln.Range(4), outs[0], 0)
    errors = []

    def worker(t):
        try:
            for k in range(300):
                kiln.call_kernel_async(put, kiln.Range(4), [], outs[t],
                                       1000 * t + k)
        except Exception as exc:  # reported below
            errors.append(exc)
    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    kiln.call_kernel(put, kiln.Range(1), outs[0], 1000 * 0 + 299)  # drain
    assert errors == []
    for t, out in enumerate(outs):
        assert list(out.to_numpy()) == [1000 * t + 299] * 4


def test_arguments_are_released_after_the_host_event():
    _extension()
    x = kiln.asarray(np.zeros(4, np.int64))
    kiln.call_kernel(put, kiln.Range(4), x, 1)
    assert put._fast_entry.c is not None
    ref = weakref.ref(x)
    host, dev = kiln.call_kernel_async(put, kiln.Range(4), [], x, 5)
    del x
    gc.collect()
    assert ref() is not None  # the launch's record holds it
    host.wait()
    gc.collect()
    assert ref() is None


def test_dependent_events_order_launches():
    _extension()
    x = kiln.zeros(1, np.int64)
    events = list(kiln.call_kernel_async(put, kiln.Range(1), [], x, 0))
    for k in range(1, 50):
        events = list(kiln.call_kernel_async(put, kiln.Range(1), events, x, k))
    events[0].wait()
    assert x.to_numpy()[0] == 49


# --- Bad input to the launcher ----------------------------------------------

def test_malformed_launchers_are_errors_not_crashes():
    extension = _extension()
    kiln.call_kernel(small, kiln.Range(1), 1, 1.0)
    real = _spec(small).fast
    k, q = real.kernel.value, real.queue.value
    good = (0, 1, 1, 0, 1, 1, 0, 0, None)
    cases = [
        ((0, q, 1, 0, kiln.Range, None, (int,), 0, 0, (good,)), ValueError),
        ((k, q, 4, 0, kiln.Range, None, (int,), 0, 0, (good,)), ValueError),
        ((k, q, 1, 0, kiln.Range, None, (int,), 0, 0, ("x",)), TypeError),
        ((k, q, 1, 0, kiln.Range, None, (int,), 0, 0, ((0, 1, 1, 0, 99, 1, 0, 0),)),
         ValueError),
        ((k, q, 1, 0, kiln.Range, None, (int,), 0, 0, ((5, 1, 1, 0, 1, 1, 0, 0),)),
         ValueError),
        ((k, q, 1, 0, kiln.Range, None, (int,), 0, 0, ((0, 1, 1, 0, 5, 2, 0, 0),)),
         ValueError),  # bytes without a converter
        ((k, q, 1, 0, kiln.Range, None, [int], 0, 0, (good,)), TypeError),
    ]
    for args, error in cases:
        with pytest.raises(error):
            extension.Launcher(*args)
    launcher = real.c
    with pytest.raises(TypeError):
        launcher.launch(kiln.Range(1), (1, 1.0), None)
    with pytest.raises(TypeError):
        launcher.launch(kiln.Range(1), (1, 1.0), None, [1])  # wait: a tuple
    assert launcher.launch(kiln.Range(1), [1, 1.0], None, None) is None
    assert launcher.launch("not a range", (1, 1.0), None, None) is None
    assert launcher.launch(kiln.Range(1), (1,), None, None) is None
