"""Device arrays on the CPU device (PoCL): kiln.asarray/empty/zeros/
to_numpy round trips, kernels on DeviceArrays, DLPack both ways with
NumPy, zero copy shown by equal data pointers and by kernels writing the
NumPy array's own memory, compute-follows-data and its errors, bad
inputs. The CUDA half (PyTorch, CuPy) is test_cuda.py's."""

import ctypes
import gc
import weakref

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32, int32
from compiled import needs

pytestmark = pytest.mark.usefixtures("cpu")


@pytest.fixture
def cpu():
    return needs("cpu")


@kiln.kernel
def double(item: Item, a: Array[float32]):
    i = item.get_id(0)
    a[i] = a[i] * 2


@kiln.kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]


@kiln.kernel
def fill_rows(item: Item, out: Array[int32, 2]):
    r, c = item.get_id(0), item.get_id(1)
    out[r, c] = r * 10 + c


def test_empty_zeros_and_attributes(cpu):
    z = kiln.zeros((3, 4), np.float32)
    assert isinstance(z, kiln.DeviceArray)
    assert z.shape == (3, 4) and z.dtype == np.float32 and z.device is cpu
    assert z.ndim == 2 and z.size == 12 and z.nbytes == 48
    assert z.strides == (16, 4)
    assert (z.to_numpy() == 0).all()
    e = kiln.empty(5, kiln.int64, device="cpu")
    assert e.shape == (5,) and e.dtype == np.int64
    assert e.data_ptr % 16 == 0 and e.aligned


def test_asarray_shares_numpy_memory_and_round_trips(cpu):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    d = kiln.asarray(x)
    assert d.device is cpu and d.shape == (3, 4)
    assert d.data_ptr == x.ctypes.data  # zero copy
    host = np.asarray(d)
    assert host.ctypes.data == x.ctypes.data
    back = d.to_numpy()
    assert (back == x).all() and back.ctypes.data != x.ctypes.data
    assert kiln.asarray(d) is d


def test_kernel_writes_the_numpy_array_through_a_device_array():
    x = np.arange(64, dtype=np.float32)
    d = kiln.asarray(x)
    kiln.call_kernel(double, kiln.Range(64), d)
    # No copy back exists for a DeviceArray: the kernel wrote x itself.
    assert (x == 2 * np.arange(64)).all()


def test_the_simulator_runs_on_device_arrays():
    x = np.arange(64, dtype=np.float32)
    d = kiln.asarray(x)
    kiln.call_kernel(double, kiln.Range(64), d, device="python")
    # A CPU-device array is host memory: the simulated kernel wrote x.
    assert (x == 2 * np.arange(64)).all()
    y = kiln.zeros(64, np.float32)
    host, _ = kiln.call_kernel_async(saxpy, kiln.Range(64), [], 0.5, d, y,
                                     device="python")
    host.wait()
    assert (y.to_numpy() == np.arange(64)).all()


def test_kernels_on_device_arrays_of_two_ranks():
    x = kiln.asarray(np.ones(100, np.float32))
    y = kiln.zeros(100, np.float32)
    host, _ = kiln.call_kernel_async(saxpy, kiln.Range(100), [], 3.0, x, y)
    host.wait()
    assert (y.to_numpy() == 3).all()
    out = kiln.empty((4, 5), np.int32)
    kiln.call_kernel(fill_rows, kiln.Range(4, 5), out)
    assert (out.to_numpy() == np.arange(4)[:, None] * 10 + np.arange(5)).all()


def test_device_arrays_and_numpy_arrays_mix():
    x = np.full(32, 2, np.float32)
    y = kiln.zeros(32, np.float32)
    kiln.call_kernel(saxpy, kiln.Range(32), 1.5, x, y)
    assert (np.asarray(y) == 3).all()


def test_unaligned_arrays_get_their_own_specialization():
    @kiln.kernel
    def add_one(item: Item, a: Array[float32]):
        a[item.get_id(0)] += 1

    x = np.zeros(17, np.float32)
    aligned, shifted = kiln.asarray(x[:16]), kiln.asarray(x[1:])
    assert aligned.aligned and not shifted.aligned
    kiln.call_kernel(add_one, kiln.Range(16), aligned)
    kiln.call_kernel(add_one, kiln.Range(16), shifted)
    assert len(add_one._dispatch) == 2
    assert (x == [1] + [2] * 15 + [1]).all()


def test_dlpack_round_trips_with_numpy():
    x = np.arange(10, dtype=np.float64)
    d = kiln.from_dlpack(x)
    assert d.data_ptr == x.ctypes.data and d.dtype == np.float64
    assert d.__dlpack_device__() == (1, 0)
    y = np.from_dlpack(d)
    assert y.ctypes.data == x.ctypes.data and (y == x).all()
    z = kiln.empty(6, np.int16)
    z_host = np.from_dlpack(z)
    assert z_host.ctypes.data == z.data_ptr
    assert np.from_dlpack(kiln.zeros((2, 3), np.uint8)).shape == (2, 3)


def test_dlpack_export_keeps_the_array_alive_until_the_consumer_is_done():
    d = kiln.zeros(8, np.float32)
    alive = weakref.ref(d)
    y = np.from_dlpack(d)
    del d
    gc.collect()
    assert alive() is not None  # the consumer's capsule holds it
    del y
    gc.collect()
    assert alive() is None  # the deleter let it go


def test_unconsumed_capsule_releases_the_array():
    d = kiln.zeros(8, np.float32)
    alive = weakref.ref(d)
    capsule = d.__dlpack__()
    del d
    gc.collect()
    assert alive() is not None
    del capsule
    gc.collect()
    assert alive() is None


def test_compute_follows_data_and_device_override(cpu):
    x = kiln.asarray(np.ones(8, np.float32))
    y = kiln.zeros(8, np.float32)
    kiln.call_kernel(saxpy, kiln.Range(8), 1.0, x, y, device=cpu)
    assert (np.asarray(y) == 1).all()


class _OtherDevice:
    """A device object kiln cannot launch on: the mixed-device check
    compares Device objects, so a DeviceArray placed on it shows that
    check's error without a second OpenCL device (there is one here)."""
    selector = "other:0"
    backend = "other"


def test_arrays_on_different_devices_are_an_error_naming_the_parameters():
    x = kiln.zeros(8, np.float32)
    y = kiln.zeros(8, np.float32)
    y.device = _OtherDevice()
    with pytest.raises(ValueError, match=r"parameters 'x' \(opencl:\d\) and "
                                         r"'y' \(other:0\) are arrays on "
                                         "different devices"):
        kiln.call_kernel(saxpy, kiln.Range(8), 1.0, x, y)
    with pytest.raises(ValueError, match=r"parameter 'y' of kernel 'saxpy' is "
                                         r"an array on other:0 but the launch "
                                         r"is on opencl:\d"):
        kiln.call_kernel(saxpy, kiln.Range(8), 1.0, x, y, device="cpu")


def test_non_contiguous_arrays_are_refused():
    x = np.zeros((4, 4), np.float32)[:, ::2]
    with pytest.raises(ValueError, match="parameter 'obj': the array must be "
                                         "C-contiguous"):
        kiln.asarray(x)
    with pytest.raises(ValueError, match="C-contiguous"):
        kiln.from_dlpack(np.zeros(8)[::2])


def test_unsupported_dtypes_and_objects_are_type_errors():
    with pytest.raises(TypeError, match="parameter 'obj'.*float128"):
        kiln.asarray(np.zeros(3, np.longdouble))
    with pytest.raises(TypeError, match="parameter 'dtype'"):
        kiln.empty(3, "U4")
    with pytest.raises(TypeError, match="parameter 'obj'.*got list"):
        kiln.asarray([1, 2, 3])
    with pytest.raises(TypeError, match="from_dlpack: parameter 'obj' has no "
                                        "__dlpack__"):
        kiln.from_dlpack(3)
    with pytest.raises(ValueError, match="parameter 'shape'"):
        kiln.zeros((2, -1), np.float32)
    with pytest.raises(TypeError, match="kiln.asarray"):
        kiln.DeviceArray()


def test_kernel_argument_errors_name_the_parameter():
    x = kiln.zeros(8, np.int32)
    with pytest.raises(TypeError, match="parameter 'x' of kernel 'saxpy' "
                                        "expects an array of float32"):
        kiln.call_kernel(saxpy, kiln.Range(8), 1.0, x, kiln.zeros(8, np.float32))


def test_complex_arrays_share_memory_and_dlpack():
    x = np.arange(6, dtype=np.complex64) * (1 + 2j)
    d = kiln.asarray(x)
    assert d.data_ptr == x.ctypes.data and d.dtype == np.complex64
    y = np.from_dlpack(d)
    assert y.dtype == np.complex64 and (y == x).all()


def test_no_cuda_interface_on_the_cpu_device():
    d = kiln.zeros(4, np.float32)
    assert not hasattr(d, "__cuda_array_interface__")


def test_read_only_numpy_arrays_are_copied_not_shared():
    x = np.ones(4, np.float32)
    x.flags.writeable = False
    d = kiln.asarray(x)
    assert d.data_ptr != x.ctypes.data
    kiln.call_kernel(double, kiln.Range(4), d)
    assert (x == 1).all() and (d.to_numpy() == 2).all()


def test_data_pointer_is_what_the_runtime_launches_with():
    x = np.zeros(16, np.float32)
    d = kiln.asarray(x)
    address = ctypes.c_uint64()
    from kiln import _capi
    _capi.check(_capi.lib().kiln_buffer_device_address(
        d._buffer, ctypes.byref(address)), "address")
    # The runtime's address of the buffer a launch passes: the array's own.
    assert address.value == d.data_ptr == x.ctypes.data
