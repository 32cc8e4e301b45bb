"""A small ctypes binding of Kiln's runtime C API (kiln/kiln.h, libkiln.so)
for the benchmark harness: open a device, load a `.kiln` artifact written
by `kilnc --emit-artifact`, move NumPy arrays in and out of device buffers
and launch over a Range or an NdRange. Only what the suite needs; the
`import kiln` package (issue 13) is a separate, complete binding.

Every failed call raises KilnError with kiln_last_error_message().
"""
import ctypes
import os

import numpy as np

# kiln_dtype_t, in kiln.h's order.
_DTYPES = {np.dtype(np.bool_): 0, np.dtype(np.int8): 1, np.dtype(np.int16): 2,
           np.dtype(np.int32): 3, np.dtype(np.int64): 4, np.dtype(np.uint8): 5,
           np.dtype(np.uint16): 6, np.dtype(np.uint32): 7,
           np.dtype(np.uint64): 8, np.dtype(np.float16): 9,
           np.dtype(np.float32): 10, np.dtype(np.float64): 11}
_MAX_RANK = 8
_ARG_SCALAR, _ARG_ARRAY = 1, 2


class KilnError(RuntimeError):
    pass


class _Arg(ctypes.Structure):
    """kiln_arg_t."""
    _fields_ = [("kind", ctypes.c_int), ("dtype", ctypes.c_int),
                ("value", ctypes.c_ubyte * 16), ("buffer", ctypes.c_void_p),
                ("rank", ctypes.c_int),
                ("shape", ctypes.c_int64 * _MAX_RANK),
                ("strided", ctypes.c_int),
                ("strides", ctypes.c_int64 * _MAX_RANK),
                ("offset", ctypes.c_int64)]


def _load_library(path):
    lib = ctypes.CDLL(path)
    lib.kiln_last_error_message.restype = ctypes.c_char_p
    lib.kiln_status_name.restype = ctypes.c_char_p
    lib.kiln_launch_async.argtypes = [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
        ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(_Arg), ctypes.c_size_t,
        ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p)]
    lib.kiln_launch_nd_async.argtypes = [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
        ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64),
        ctypes.POINTER(_Arg), ctypes.c_size_t, ctypes.c_void_p,
        ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p)]
    for name in ("kiln_device_release", "kiln_queue_release",
                 "kiln_buffer_release", "kiln_binary_release",
                 "kiln_executable_release", "kiln_kernel_release",
                 "kiln_event_release"):
        getattr(lib, name).argtypes = [ctypes.c_void_p]
        getattr(lib, name).restype = None
    return lib


def default_library_path():
    """$KILN_LIB, else libkiln.so of the build folder next to the source."""
    if os.environ.get("KILN_LIB"):
        return os.environ["KILN_LIB"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    return os.path.join(root, "build", "lib", "libkiln.so")


class Runtime:
    """One opened device with one in-order queue."""

    def __init__(self, selector, library=None):
        self.lib = _load_library(library or default_library_path())
        self.device = self._out("kiln_device_open", selector.encode())
        self.queue = self._out("kiln_queue_create", self.device)
        name = ctypes.c_char_p()
        self._check("kiln_device_name", self.device, ctypes.byref(name))
        self.device_name = name.value.decode()
        self._pending = []

    def _check(self, function, *args):
        status = getattr(self.lib, function)(*args)
        if status != 0:
            raise KilnError("%s: %s: %s" % (
                function, self.lib.kiln_status_name(status).decode(),
                self.lib.kiln_last_error_message().decode()))

    def _out(self, function, *args):
        handle = ctypes.c_void_p()
        self._check(function, *args, ctypes.byref(handle))
        return handle

    # Buffers -------------------------------------------------------------
    def buffer(self, nbytes):
        return self._out("kiln_buffer_create", self.device,
                         ctypes.c_size_t(nbytes))

    def to_device(self, array):
        """A new device buffer holding `array` (C order)."""
        array = np.ascontiguousarray(array)
        handle = self.buffer(max(array.nbytes, 1))
        self._check("kiln_buffer_write", self.queue, handle,
                    array.ctypes.data_as(ctypes.c_void_p),
                    ctypes.c_size_t(array.nbytes))
        return DeviceArray(self, handle, array.shape, array.dtype)

    def empty(self, shape, dtype):
        dtype = np.dtype(dtype)
        nbytes = int(np.prod(shape)) * dtype.itemsize
        return DeviceArray(self, self.buffer(max(nbytes, 1)), tuple(shape),
                           dtype)

    # Code -----------------------------------------------------------------
    def load(self, artifact_path, kernel_name):
        """Kernel `kernel_name` of a `.kiln` artifact."""
        binary = self._out("kiln_binary_read_file",
                           os.fspath(artifact_path).encode())
        try:
            executable = self._out("kiln_executable_load", self.device, binary)
        finally:
            self.lib.kiln_binary_release(binary)
        try:
            kernel = self._out("kiln_kernel_get", executable,
                               kernel_name.encode())
        finally:
            self.lib.kiln_executable_release(executable)
        return Kernel(self, kernel, kernel_name)

    # Launches ---------------------------------------------------------------
    def prepare(self, kernel, global_range, local_range, args):
        """A callable submitting one launch (over an NdRange when
        local_range is given) with the arguments packed once. Each event is
        kept until release_events(): releasing a pending event waits."""
        packed = (_Arg * len(args))(*[_to_arg(a) for a in args])
        ndim = len(global_range)
        g = (ctypes.c_int64 * ndim)(*global_range)
        loc = None if local_range is None else \
            (ctypes.c_int64 * ndim)(*local_range)
        keep = [a for a in args if isinstance(a, DeviceArray)]

        def launch():
            event = ctypes.c_void_p()
            if loc is None:
                self._check("kiln_launch_async", self.queue, kernel.handle,
                            ndim, g, packed, len(args), None, 0,
                            ctypes.byref(event))
            else:
                self._check("kiln_launch_nd_async", self.queue, kernel.handle,
                            ndim, g, loc, packed, len(args), None, 0,
                            ctypes.byref(event))
            self._pending.append(event)
            launch.count += 1
        launch.keep_alive = keep
        launch.count = 0  # launches submitted (bench_gpu --profile)
        return launch

    def finish(self):
        """Waits for everything submitted (events stay until
        release_events, so that a timing does not include their release)."""
        self._check("kiln_queue_finish", self.queue)

    def release_events(self):
        self.finish()
        for event in self._pending:
            self.lib.kiln_event_release(event)
        self._pending = []

    def close(self):
        self.release_events()
        self.lib.kiln_queue_release(self.queue)
        self.lib.kiln_device_release(self.device)


class Kernel:
    def __init__(self, runtime, handle, name):
        self.runtime, self.handle, self.name = runtime, handle, name

    def __del__(self):
        self.runtime.lib.kiln_kernel_release(self.handle)


class DeviceArray:
    """A device buffer with the shape and dtype it is passed with."""

    def __init__(self, runtime, handle, shape, dtype):
        self.runtime, self.handle = runtime, handle
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)

    @property
    def nbytes(self):
        return int(np.prod(self.shape)) * self.dtype.itemsize

    def to_numpy(self):
        out = np.empty(self.shape, self.dtype)
        self.runtime._check("kiln_buffer_read", self.runtime.queue,
                            self.handle, out.ctypes.data_as(ctypes.c_void_p),
                            ctypes.c_size_t(out.nbytes))
        return out

    def write(self, array):
        array = np.ascontiguousarray(array, dtype=self.dtype)
        assert array.nbytes == self.nbytes, "write of another size"
        self.runtime._check("kiln_buffer_write", self.runtime.queue,
                            self.handle, array.ctypes.data_as(ctypes.c_void_p),
                            ctypes.c_size_t(array.nbytes))

    def __del__(self):
        self.runtime.lib.kiln_buffer_release(self.handle)


def _to_arg(value):
    arg = _Arg()
    if isinstance(value, DeviceArray):
        arg.kind, arg.dtype = _ARG_ARRAY, _DTYPES[value.dtype]
        arg.buffer, arg.rank = value.handle.value, len(value.shape)
        for d, extent in enumerate(value.shape):
            arg.shape[d] = extent
        return arg
    scalar = np.asarray(value)
    if scalar.ndim != 0 or scalar.dtype not in _DTYPES:
        raise TypeError("launch argument %r is neither a DeviceArray nor a "
                        "NumPy scalar of a Kiln dtype" % (value,))
    arg.kind, arg.dtype = _ARG_SCALAR, _DTYPES[scalar.dtype]
    ctypes.memmove(arg.value, scalar.tobytes(), scalar.dtype.itemsize)
    return arg
