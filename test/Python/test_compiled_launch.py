"""Compiled launches on the CPU device (OpenCL/PoCL): results against NumPy
and the simulator, scalars of every spec dtype, local accessors and
Constant parameters, the dispatch cache, events and dependent events, and
the release of the arguments by the host event."""

import gc
import weakref

import numpy as np
import pytest

import kiln
from kiln import Array, Constant, Item, LocalAccessor, NdItem, float32, int32, int64
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@kiln.kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]


@kiln.kernel
def store(item, out, value):
    out[0] = value


@kiln.kernel
def rotate(it: NdItem, x: Array[int32], tile: LocalAccessor[int32], shift: Constant[int64]):
    lid = it.get_local_id(0)
    tile[lid] = x[it.get_global_id(0)]
    kiln.group_barrier(it.get_group())
    x[it.get_global_id(0)] = tile[(lid + shift) % it.get_local_range(0)]


def test_saxpy_matches_numpy_and_the_simulator():
    x = np.random.default_rng(1).standard_normal(1000).astype(np.float32)
    y = np.ones(1000, np.float32)
    y_sim = y.copy()
    kiln.call_kernel(saxpy, kiln.Range(1000), 2.5, x, y)
    kiln.call_kernel(saxpy, kiln.Range(1000), 2.5, x, y_sim, device="python")
    assert np.allclose(y, np.float32(2.5) * x + 1, rtol=1e-6)
    assert np.allclose(y, y_sim, rtol=1e-6)


SCALARS = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
           "uint32", "uint64", "float16", "float32", "float64"]


@pytest.mark.parametrize("name", SCALARS)
def test_scalar_of_every_dtype(name, cpu):
    if name == "float16" and not cpu.supports_fp16:
        pytest.skip(f"{cpu.name} has no fp16 (bfloat16 and float16: test_cuda.py)")
    dtype = np.dtype(name)
    value = dtype.type(True if name == "bool" else
                       np.iinfo(dtype).max if dtype.kind in "iu" else 1.5)
    out = np.zeros(1, dtype)
    kiln.call_kernel(store, kiln.Range(1), out, value)
    assert out[0] == value


def test_python_scalars_are_int64_float64_bool():
    for value, dtype in ((7, np.int64), (0.25, np.float64), (True, np.bool_)):
        out = np.zeros(1, dtype)
        kiln.call_kernel(store, kiln.Range(1), out, value)
        assert out[0] == value


def test_local_accessor_and_constant_parameter():
    x = np.arange(16, dtype=np.int32)
    space = kiln.NdRange((16,), (4,))
    kiln.call_kernel(rotate, space, x, kiln.LocalAccessor((4,), np.int32), 1)
    expected = np.roll(np.arange(16).reshape(4, 4), -1, axis=1).ravel()
    assert (x == expected).all()
    # Another Constant value is another specialization.
    kiln.call_kernel(rotate, space, x, kiln.LocalAccessor((4,), np.int32), 3)
    assert (x == np.arange(16)).all()
    assert len(rotate._dispatch) == 2


def test_a_repeated_call_is_one_lookup():
    x, y = np.ones(8, np.float32), np.ones(8, np.float32)
    kiln.call_kernel(saxpy, kiln.Range(8), 1.0, x, y)
    table = dict(saxpy._dispatch)
    kiln.call_kernel(saxpy, kiln.Range(8), 2.0, x, y)
    assert saxpy._dispatch == table  # nothing compiled again
    kiln.call_kernel(saxpy, kiln.Range(2, 4), 1.0, x, y)  # another rank
    assert len(saxpy._dispatch) == len(table) + 1


def test_async_dag_with_dependent_events():
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    _, first = kiln.call_kernel_async(saxpy, kiln.Range(64), [], 1.0, x, y)
    host, second = kiln.call_kernel_async(saxpy, kiln.Range(64), [first], 2.0, x, y)
    assert host.wait(timeout=60) is True
    assert first.is_complete() and second.is_complete() and not second.failed
    assert second.execution_status == kiln.EventStatus.COMPLETE
    assert (y == 3 * x).all()


def test_simulator_events_as_dependencies():
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(8, np.float32)
    _, sim = kiln.call_kernel_async(saxpy, kiln.Range(8), [], 1.0, x, y,
                                    device="python")
    host, _ = kiln.call_kernel_async(saxpy, kiln.Range(8), [sim], 1.0, x, y)
    host.wait()
    assert (y == 2 * x).all()


def test_host_event_releases_the_arguments():
    x, y = np.ones(4096, np.float32), np.ones(4096, np.float32)
    refs = [weakref.ref(x), weakref.ref(y)]
    host, device = kiln.call_kernel_async(saxpy, kiln.Range(4096), [], 2.0, x, y)
    del x, y
    gc.collect()
    # Kept by the launch until its events are waited for or queried (or a
    # later launch checks it), whether or not the kernel has finished.
    assert refs[0]() is not None and refs[1]() is not None
    host.wait()
    gc.collect()
    assert refs[0]() is None and refs[1]() is None


def test_default_device_is_the_cpu_one(cpu):
    assert cpu.type == "cpu" and cpu.backend == "opencl"
    assert kiln.Device() is cpu and kiln.Device(cpu.selector) is cpu
    assert cpu in kiln.devices()
    x, y = np.ones(4, np.float32), np.ones(4, np.float32)
    kiln.call_kernel(saxpy, kiln.Range(4), 1.0, x, y, device=cpu.selector)
    assert (y == 2).all()


def test_inspect_returns_the_device_code():
    x, y = np.ones(4, np.float32), np.ones(4, np.float32)
    kiln.call_kernel(saxpy, kiln.Range(4), 1.0, x, y)
    spirv = saxpy.inspect("spirv-binary")
    (signature, words), = [(k, v) for k, v in spirv.items() if "1-D Range" in k]
    assert signature.startswith("saxpy(a: float32, x: Array[float32, 1]")
    assert words[:4] == b"\x03\x02\x23\x07"  # the SPIR-V magic number
    ptx = saxpy.inspect("ptx")[signature]
    assert ".entry saxpy" in ptx
    with pytest.raises(ValueError, match="stage 'sass'"):
        saxpy.inspect("sass")


def test_launches_from_several_threads():
    import threading
    x = np.arange(256, dtype=np.float32)
    outs = [np.zeros(256, np.float32) for _ in range(4)]
    errors = []

    def work(y):
        try:
            for _ in range(50):
                host, _ = kiln.call_kernel_async(saxpy, kiln.Range(256), [], 1.0, x, y)
                host.wait()
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(y,)) for y in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all((y == 50 * x).all() for y in outs)
