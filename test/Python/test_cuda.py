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


# --- Device arrays, DLPack and __cuda_array_interface__ (issue 13 item 3) --

@kiln.kernel
def scale(item: Item, a: Array[float32], factor: float32):
    i = item.get_id(0)
    a[i] = a[i] * factor


def test_device_arrays_on_cuda():
    d = kiln.asarray(np.arange(1000, dtype=np.float32), device="cuda:0")
    assert d.device is kiln.Device("cuda:0") and d.data_ptr % 16 == 0
    kiln.call_kernel(scale, kiln.Range(1000), d, 3.0)  # follows the data
    assert (d.to_numpy() == 3 * np.arange(1000)).all()
    z = kiln.zeros((4, 8), np.float32, device="cuda:0")
    assert (z.to_numpy() == 0).all()
    interface = z.__cuda_array_interface__
    assert interface["data"][0] == z.data_ptr and interface["shape"] == (4, 8)
    assert z.__dlpack_device__() == (2, 0)
    with pytest.raises(TypeError, match="to_numpy"):
        np.asarray(z)


def test_the_simulator_copies_cuda_arrays_in_and_back():
    x = kiln.asarray(np.arange(32, dtype=np.float32), **CUDA)
    y = kiln.zeros(32, np.float32, **CUDA)
    kiln.call_kernel(saxpy, kiln.Range(32), 2.0, x, y, device="python")
    assert (y.to_numpy() == 2 * np.arange(32)).all()
    assert y.device.selector == "cuda:0"


def test_torch_tensors_pass_without_a_copy():
    torch = pytest.importorskip("torch")
    t = torch.arange(4096, dtype=torch.float32, device="cuda:0")
    before = t.clone()
    d = kiln.asarray(t)
    assert d.data_ptr == t.data_ptr()  # the pointer Kiln launches with
    kiln.call_kernel(scale, kiln.Range(4096), t, 2.0)  # the tensor itself
    assert torch.equal(t, 2 * before)  # written in place: no copy back
    kiln.call_kernel(scale, kiln.Range(4096), d, 0.5)
    assert torch.equal(t, before)


def test_torch_dlpack_both_ways():
    torch = pytest.importorskip("torch")
    t = torch.ones(256, dtype=torch.float32, device="cuda:0")
    d = kiln.from_dlpack(t)
    assert d.data_ptr == t.data_ptr() and d.shape == (256,)
    back = torch.from_dlpack(d)
    assert back.data_ptr() == d.data_ptr and back.device == t.device
    kiln.call_kernel(scale, kiln.Range(256), d, 5.0)
    assert (back == 5).all() and (t == 5).all()
    with pytest.raises(ValueError, match="C-contiguous"):
        kiln.asarray(torch.ones(8, 8, device="cuda:0").t())


def test_torch_ordering_with_kiln_stream():
    torch = pytest.importorskip("torch")
    # Work queued on torch's stream before the launch is seen by the kernel:
    # kiln passes its stream to __dlpack__ and torch orders it after its own.
    t = torch.zeros(1 << 22, dtype=torch.float32, device="cuda:0")
    t += 1
    kiln.call_kernel(scale, kiln.Range(1 << 22), t, 4.0)
    assert (t == 4).all()


def test_cupy_arrays_pass_without_a_copy():
    cupy = pytest.importorskip("cupy")
    c = cupy.arange(2048, dtype=cupy.float32)
    pointer = c.__cuda_array_interface__["data"][0]
    d = kiln.asarray(c)
    assert d.data_ptr == pointer
    kiln.call_kernel(scale, kiln.Range(2048), c, 2.0)
    assert (cupy.asnumpy(c) == 2 * np.arange(2048)).all()
    back = cupy.from_dlpack(d)
    assert back.data.ptr == pointer
    via_interface = cupy.asarray(kiln.zeros(16, np.float32, device="cuda:0"))
    assert int(via_interface.sum()) == 0


def test_cuda_and_cpu_arrays_are_an_error_naming_the_parameters():
    torch = pytest.importorskip("torch")
    x = torch.ones(8, device="cuda:0")
    y = kiln.zeros(8, np.float32, device="cpu")
    with pytest.raises(ValueError, match=r"parameters 'x' \(cuda:0\) and 'y' "
                                         r"\(opencl:\d\) are arrays on "
                                         "different devices"):
        kiln.call_kernel(saxpy, kiln.Range(8), 1.0, x, y)


def test_dpex_style_program_on_torch_tensors():
    """A numba-dpex program, its dpnp arrays replaced by torch tensors:
    the device comes from the tensors."""
    torch = pytest.importorskip("torch")
    import kiln as dpex
    from kiln import kernel_api as kapi

    @dpex.kernel
    def vector_add(item: kapi.Item, a, b, c):
        i = item.get_id(0)
        c[i] = a[i] + b[i]

    a = torch.rand(10000, device="cuda:0")
    b = torch.rand(10000, device="cuda:0")
    c = torch.empty_like(a)
    dpex.call_kernel(vector_add, kapi.Range(10000), a, b, c)
    assert torch.allclose(c, a + b)


def test_fast_launches_go_in_groups_without_events():
    # On CUDA a fast launch asks for no event and joins its queue's group
    # (docs/python.md, "Launch groups"): its results, dependencies and the
    # release of the objects passed come from the group's marker.
    import gc
    import weakref
    from kiln import _fastlaunch
    x = kiln.asarray(np.arange(256, dtype=np.float32), device="cuda:0")
    y = kiln.zeros(256, np.float32, device="cuda:0")
    kiln.call_kernel(saxpy, kiln.Range(256), 1.0, x, y)  # y = x
    token = kiln.zeros(256, np.float32, device="cuda:0")
    alive = weakref.ref(token)
    host, first = kiln.call_kernel_async(saxpy, kiln.Range(256), [], 1.0, x,
                                         token)
    assert type(first._launch) is _fastlaunch._Group
    del token
    _, second = kiln.call_kernel_async(saxpy, kiln.Range(256), [first], 1.0,
                                       x, y)  # y = 2x, after the first
    events = [kiln.call_kernel_async(saxpy, kiln.Range(256), [], 1.0, x, y)[1]
              for _ in range(2 * _fastlaunch._GROUP)]  # y = (2 + 512) x
    assert second.wait() and host.wait()
    gc.collect()
    assert alive() is None
    assert events[-1].wait() and all(e.is_complete() for e in events)
    expected = (2 + 2 * _fastlaunch._GROUP) * np.arange(256, dtype=np.float32)
    assert (y.to_numpy() == expected).all()
