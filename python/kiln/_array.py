"""Device arrays (`kiln.DeviceArray`), their construction (`kiln.asarray`,
`kiln.empty`, `kiln.zeros`, `kiln.from_dlpack`) and interop through
DLPack and `__cuda_array_interface__`, without copies where the memory is
already on the device (issue 13 item 3; docs/python.md, Device arrays).

A DeviceArray is a C-contiguous array in one runtime buffer of one
device. Its buffer is either the runtime's own allocation or memory of
another owner wrapped by `kiln_buffer_wrap` (a NumPy array on the CPU
device, a PyTorch or CuPy CUDA tensor), which the DeviceArray keeps alive.
On an OpenCL CPU device every DeviceArray is host memory (NumPy's,
wrapped), so `numpy.asarray` and `np.from_dlpack` see it without a copy.

Kernel arguments (`place`): DeviceArrays and foreign arrays are passed
as they are; the launch's device follows the data (numba-dpex's rule):
the device of the array arguments, an error naming two parameters on
different devices, `device=`/`queue=` overriding."""

import ctypes

from . import _capi, _devices, _dtypes

_DLPACK_NAME = b"dltensor"
_DL_CPU, _DL_CUDA, _DL_CUDA_HOST, _DL_CUDA_MANAGED = 1, 2, 3, 13
_DL_INT, _DL_UINT, _DL_FLOAT, _DL_COMPLEX, _DL_BOOL = 0, 1, 2, 5, 6
_ELEMENT_TYPES = "bool, int8..uint64, float16..float64, complex64, complex128"
# PoCL, the CPU device, uses CL_MEM_USE_HOST_PTR memory in place at any
# alignment; 128 bytes (its CL_DEVICE_MEM_BASE_ADDR_ALIGN) for arrays Kiln
# allocates keeps the 16-byte specialization and cache lines.
_HOST_ALIGNMENT = 128


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


_DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", _DELETER)]


_capsule_api = None


def _capsules():
    """The PyCapsule functions, as prototypes of their own (the capsule as
    a raw pointer: a destructor runs when its reference count is 0)."""
    global _capsule_api
    if _capsule_api is None:
        api, py, raw = ctypes.pythonapi, ctypes.py_object, ctypes.c_void_p
        name = ctypes.c_char_p
        proto = ctypes.PYFUNCTYPE
        _capsule_api = {
            "new": proto(py, raw, name, raw)(("PyCapsule_New", api)),
            "pointer": proto(raw, py, name)(("PyCapsule_GetPointer", api)),
            "raw_pointer": proto(raw, raw, name)(("PyCapsule_GetPointer", api)),
            "raw_valid": proto(ctypes.c_int, raw, name)(("PyCapsule_IsValid", api)),
        }
    return _capsule_api


# Exported tensors not yet deleted by their consumer: address of the
# DLManagedTensor -> (the struct, its shape array, the DeviceArray).
_exports = {}


@_DELETER
def _delete_export(address):
    _exports.pop(address, None)


@ctypes.CFUNCTYPE(None, ctypes.c_void_p)
def _capsule_destructor(capsule):
    # A capsule never consumed (still named "dltensor") deletes its tensor;
    # a consumer renamed it and calls the deleter when done.
    api = _capsules()
    if api["raw_valid"](capsule, _DLPACK_NAME):
        _exports.pop(api["raw_pointer"](capsule, _DLPACK_NAME), None)


def _lib():
    from . import _compiled
    _compiled._init()
    return _capi.lib()


def _finish_launches():
    """Waits for every compiled launch, so the host or another library
    sees the arrays with their results."""
    from . import _host_tasks
    _host_tasks.finish_all()


def _dtype_of(dtype, what):
    """The NumPy dtype of a kiln element type, or TypeError naming `what`."""
    np = _dtypes.np()
    kiln_type = _dtypes.resolve(dtype)
    if kiln_type is None or kiln_type.name == "bfloat16":
        raise TypeError(f"{what}: {dtype!r} is not an element type of kiln "
                        f"arrays ({_ELEMENT_TYPES})")
    return np.dtype(kiln_type.name)


def _shape_of(shape, what):
    if isinstance(shape, int):
        shape = (shape,)
    try:
        shape = tuple(int(n) for n in shape)
    except TypeError:
        raise TypeError(f"{what}: a shape is an int or a tuple of ints, got "
                        f"{type(shape).__name__}") from None
    if any(n < 0 for n in shape):
        raise ValueError(f"{what}: negative extent in shape {shape}")
    return shape


def _host_memory(nbytes):
    """A NumPy byte array of `nbytes` whose data is _HOST_ALIGNMENT-aligned."""
    np = _dtypes.np()
    raw = np.empty(nbytes + _HOST_ALIGNMENT, np.uint8)
    skip = (-raw.ctypes.data) % _HOST_ALIGNMENT
    return raw[skip:skip + nbytes]


def _host_visible(device):
    return device.type == "cpu" and device.backend in ("opencl", "host")


class DeviceArray:
    """A C-contiguous array in device memory: `shape`, `dtype` (a NumPy
    dtype), `device` (a kiln.Device), `strides`, `ndim`, `size`, `nbytes`,
    `data_ptr` (the address kernels get: a CUDA device pointer, or the
    host pointer on the CPU device). Passed to kernels without a copy."""

    __slots__ = ("_buffer", "_handle", "_owner", "_host", "shape", "dtype",
                 "device", "data_ptr", "__weakref__")

    def __init__(self):
        raise TypeError("create device arrays with kiln.asarray, kiln.empty, "
                        "kiln.zeros or kiln.from_dlpack")

    @classmethod
    def _make(cls, device, shape, dtype, buffer, owner, host, data_ptr):
        self = object.__new__(cls)
        self.device, self.shape, self.dtype = device, shape, dtype
        self._buffer, self._owner, self._host = buffer, owner, host
        # The buffer's handle as an int: what a fast launch reads (once per
        # argument, in C or with struct) instead of the ctypes object's.
        self._handle = buffer.value
        self.data_ptr = data_ptr
        return self

    def __del__(self):
        buffer = getattr(self, "_buffer", None)
        if buffer:
            _capi.lib().kiln_buffer_release(buffer)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        n = 1
        for extent in self.shape:
            n *= extent
        return n

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def strides(self):
        """Bytes between elements along each dimension (C order)."""
        strides, step = [], self.dtype.itemsize
        for extent in reversed(self.shape):
            strides.append(step)
            step *= extent
        return tuple(reversed(strides))

    @property
    def aligned(self):
        """Whether the data is 16-byte aligned (kernels are specialized
        for it)."""
        return self.data_ptr is not None and self.data_ptr % 16 == 0

    def __repr__(self):
        return (f"<kiln.DeviceArray shape={self.shape} dtype={self.dtype} "
                f"device={self.device.selector}>")

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    # --- To the host ------------------------------------------------------

    def to_numpy(self):
        """A new NumPy array holding the data (after the launches submitted
        before)."""
        _finish_launches()
        if self._host is not None:
            return self._host.copy()
        np = _dtypes.np()
        out = np.empty(self.shape, self.dtype)
        if self.nbytes:
            lib = _lib()
            _capi.check(lib.kiln_buffer_read(self.device.queue, self._buffer,
                                             out.ctypes.data, self.nbytes),
                        f"copying {self!r} to the host")
        return out

    def __array__(self, dtype=None, copy=None):
        if self._host is None:
            raise TypeError(f"{self!r} is not in host memory: use .to_numpy() "
                            "(numpy.asarray works on arrays of the CPU device)")
        _finish_launches()
        if copy:
            return self._host.astype(dtype or self.dtype, copy=True)
        return self._host if dtype is None else self._host.astype(dtype)

    # --- DLPack and __cuda_array_interface__ (export) ---------------------

    def __dlpack_device__(self):
        if self._host is not None:
            return (_DL_CPU, 0)
        if self.device.backend == "cuda":
            return (_DL_CUDA, int(self.device.selector.split(":")[1]))
        raise BufferError(f"{self!r}: DLPack has no device type for "
                          f"{self.device.backend} devices other than the CPU")

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None,
                   copy=None):
        """A DLPack capsule ("dltensor") over this array's memory. Kiln's
        launches are finished first, so any consumer stream may read it."""
        kind, index = self.__dlpack_device__()
        if dl_device is not None and tuple(dl_device) != (kind, index):
            raise BufferError(f"{self!r} is on DLPack device {(kind, index)}, "
                              f"not {tuple(dl_device)}")
        if copy:
            raise BufferError("kiln.DeviceArray.__dlpack__ shares memory only "
                              "(copy=True is not supported)")
        _finish_launches()
        managed = _DLManagedTensor()
        shape = (ctypes.c_int64 * max(self.ndim, 1))(*self.shape)
        tensor = managed.dl_tensor
        tensor.data = self.data_ptr
        tensor.device = _DLDevice(kind, index)
        tensor.ndim = self.ndim
        tensor.dtype = _dl_dtype(self.dtype)
        tensor.shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
        tensor.strides = None  # compact, row-major
        tensor.byte_offset = 0
        managed.deleter = _delete_export
        address = ctypes.addressof(managed)
        _exports[address] = (managed, shape, self)
        destructor = ctypes.cast(_capsule_destructor, ctypes.c_void_p)
        return _capsules()["new"](address, _DLPACK_NAME, destructor)

    @property
    def __cuda_array_interface__(self):
        if self.device.backend != "cuda":
            raise AttributeError("__cuda_array_interface__ is for arrays of "
                                 "CUDA devices")
        _finish_launches()
        return {"shape": self.shape, "typestr": self.dtype.str,
                "data": (self.data_ptr or 0, False), "strides": None,
                "version": 3}


def _dl_dtype(dtype):
    code = {"b": _DL_BOOL, "i": _DL_INT, "u": _DL_UINT, "f": _DL_FLOAT,
            "c": _DL_COMPLEX}[dtype.kind]
    return _DLDataType(code, dtype.itemsize * 8, 1)


def _from_dl_dtype(dl, what):
    np = _dtypes.np()
    names = {(_DL_BOOL, 8): "bool", (_DL_INT, 8): "int8", (_DL_INT, 16): "int16",
             (_DL_INT, 32): "int32", (_DL_INT, 64): "int64",
             (_DL_UINT, 8): "uint8", (_DL_UINT, 16): "uint16",
             (_DL_UINT, 32): "uint32", (_DL_UINT, 64): "uint64",
             (_DL_FLOAT, 16): "float16", (_DL_FLOAT, 32): "float32",
             (_DL_FLOAT, 64): "float64", (_DL_COMPLEX, 64): "complex64",
             (_DL_COMPLEX, 128): "complex128"}
    name = names.get((dl.code, dl.bits)) if dl.lanes == 1 else None
    if name is None:
        raise TypeError(f"{what}: DLPack element type (code {dl.code}, "
                        f"{dl.bits} bits, {dl.lanes} lanes) is not an element "
                        f"type of kiln arrays ({_ELEMENT_TYPES})")
    return np.dtype(name)


def _check_contiguous(shape, strides, itemsize, what):
    """ValueError unless `strides` (elements, or None) are C order."""
    if strides is None:
        return
    step = 1
    for extent, stride in zip(reversed(shape), reversed(strides)):
        if extent > 1 and stride != step:
            raise ValueError(f"{what}: the array must be C-contiguous (strides "
                             f"{tuple(s * itemsize for s in strides)} bytes "
                             f"for shape {tuple(shape)}); make a contiguous "
                             "copy first")
        step *= extent


def _allocate(device, shape, dtype):
    """A new DeviceArray: NumPy memory wrapped on the CPU device, a
    runtime allocation elsewhere."""
    np = _dtypes.np()
    nbytes = dtype.itemsize
    for extent in shape:
        nbytes *= extent
    if _host_visible(device):
        host = _host_memory(nbytes).view(dtype).reshape(shape)
        return _wrap_host(device, host, host)
    lib = _lib()
    buffer = _capi.handle()
    _capi.check(lib.kiln_buffer_create(device._handle, max(nbytes, 1),
                                       ctypes.byref(buffer)),
                f"allocating {nbytes} bytes on {device.selector}")
    return DeviceArray._make(device, shape, dtype, buffer, None, None,
                             _address(lib, buffer))


def _address(lib, buffer):
    """The address kernels see for the buffer, or None where the device
    gives buffers none (OpenCL without shared virtual memory)."""
    address = ctypes.c_uint64()
    if lib.kiln_buffer_device_address(buffer, ctypes.byref(address)) != _capi.OK:
        return None
    return address.value


def _wrap(device, address, nbytes, what):
    lib = _lib()
    buffer = _capi.handle()
    status = lib.kiln_buffer_wrap(device._handle, address, nbytes,
                                  ctypes.byref(buffer))
    if status != _capi.OK:
        error = _capi.fail(status, f"{what}: sharing its memory with "
                                   f"{device.selector}")
        raise ValueError(str(error)) from None
    return buffer


def _wrap_host(device, host, owner):
    """A DeviceArray over a C-contiguous NumPy array's memory on the CPU
    device (zero copy); `owner` keeps the memory alive."""
    if host.nbytes == 0:
        return _copy_in(device, host)
    buffer = _wrap(device, host.ctypes.data, host.nbytes, "the array")
    return DeviceArray._make(device, tuple(host.shape), host.dtype, buffer,
                             owner, host, host.ctypes.data)


def _copy_in(device, host):
    """A new DeviceArray holding a copy of a C-contiguous NumPy array."""
    array = _allocate(device, tuple(host.shape), host.dtype)
    write_from_host(array, host)
    return array


def write_from_host(array, host):
    """Copies a C-contiguous NumPy array of the same shape and dtype into
    `array` (the simulator's write-back of a launch on a copy)."""
    if array._host is not None:
        array._host[...] = host
    elif host.nbytes:
        _finish_launches()
        _capi.check(_lib().kiln_buffer_write(array.device.queue, array._buffer,
                                             host.ctypes.data, host.nbytes),
                    f"copying an array to {array.device.selector}")


def _default_device(device):
    return _devices.resolve(device)


def empty(shape, dtype, device=None):
    """A new uninitialised C-contiguous DeviceArray (`device`: a kiln.Device
    or its selector; None: the default, the CPU device)."""
    dtype = _dtype_of(dtype, "parameter 'dtype'")
    return _allocate(_default_device(device), _shape_of(shape, "parameter 'shape'"),
                     dtype)


def zeros(shape, dtype, device=None):
    """A new DeviceArray of zeros."""
    array = empty(shape, dtype, device)
    if array._host is not None:
        array._host[...] = 0
    elif array.nbytes:
        zero = ctypes.c_uint8(0)
        event = _capi.handle()
        lib = _lib()
        _finish_launches()
        _capi.check(lib.kiln_buffer_fill(array.device.queue, array._buffer,
                                         ctypes.byref(zero), 1, 0, array.nbytes,
                                         None, 0, ctypes.byref(event)),
                    f"zeroing {array!r}")
        try:
            _capi.check(lib.kiln_event_wait(event), f"zeroing {array!r}")
        finally:
            lib.kiln_event_release(event)
    return array


def asarray(obj, device=None):
    """`obj` as a DeviceArray on `device` (None: where `obj` lives; the
    default device, the CPU one, for host memory): a DeviceArray as is, a
    C-contiguous NumPy array, anything with `__dlpack__` (PyTorch, CuPy,
    NumPy) or `__cuda_array_interface__` (CuPy, Numba). Memory already on
    the device is shared, not copied (the DeviceArray keeps its owner
    alive): NumPy arrays on the CPU device, CUDA tensors on their CUDA
    device. Host data for another device is copied there."""
    return _asarray(obj, device, "parameter 'obj'", None)


def from_dlpack(obj, device=None):
    """A DeviceArray sharing the memory of `obj`, an object with
    `__dlpack__` and `__dlpack_device__` (DLPack's consumer function)."""
    if not (hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__")):
        raise TypeError("kiln.from_dlpack: parameter 'obj' has no __dlpack__ "
                        f"and __dlpack_device__ (got {type(obj).__name__})")
    return _from_dlpack(obj, device, "parameter 'obj'", None)


def _asarray(obj, device, what, queue):
    np = _dtypes.np()
    if isinstance(obj, DeviceArray):
        target = obj.device if device is None else _devices.resolve(device)
        if target is obj.device:
            return obj
        return _copy_in(target, obj.to_numpy())  # across devices: via the host
    if isinstance(obj, np.ndarray):
        return _from_numpy(obj, device, what)
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        return _from_dlpack(obj, device, what, queue)
    if hasattr(obj, "__cuda_array_interface__"):
        return _from_cuda_interface(obj, device, what)
    raise TypeError(f"{what}: expected a NumPy array, a kiln.DeviceArray or an "
                    "object with __dlpack__ or __cuda_array_interface__, got "
                    f"{type(obj).__name__}")


def _from_numpy(host, device, what):
    dtype = _dtype_of(host.dtype, what)
    _check_contiguous(host.shape, [s // dtype.itemsize for s in host.strides]
                      if not host.flags.c_contiguous else None,
                      dtype.itemsize, what)
    target = _devices.resolve(device)
    if _host_visible(target) and host.flags.writeable:
        return _wrap_host(target, host, host)
    return _copy_in(target, host)


def _writable(host):
    """A writable view of the memory of `host`, an array NumPy imported
    through DLPack: NumPy marks those read-only, DLPack (before 1.0) having
    no read-only flag, yet the producer's memory is writable. The view's
    base keeps `host`, and so the producer's capsule, alive."""
    if host.flags.writeable or not host.flags.c_contiguous or not host.nbytes:
        return host
    memory = (ctypes.c_char * host.nbytes).from_address(host.ctypes.data)
    memory.owner = host
    return _dtypes.np().frombuffer(memory, host.dtype).reshape(host.shape)


def _native_stream(target, queue):
    """The CUstream of the queue a launch (or later launches) will use,
    for DLPack's `stream`: the producer orders it after its own work."""
    handle = ctypes.c_void_p()
    kiln_queue = queue._handle if queue is not None else target.queue
    _capi.check(_lib().kiln_queue_native_handle(kiln_queue, ctypes.byref(handle)),
                f"the stream of {target.selector}")
    return handle.value


def _from_dlpack(obj, device, what, queue):
    kind, index = obj.__dlpack_device__()
    if kind in (_DL_CPU, _DL_CUDA_HOST):
        return _from_numpy(_writable(_dtypes.np().from_dlpack(obj)), device, what)
    if kind not in (_DL_CUDA, _DL_CUDA_MANAGED):
        raise ValueError(f"{what}: DLPack device type {kind} is not one kiln "
                         "shares memory with (CPU, CUDA)")
    target = _devices.resolve(device if device is not None else f"cuda:{index}")
    if target.backend != "cuda":
        raise ValueError(f"{what} is a tensor of CUDA device {index}, not of "
                         f"{target.selector}: launch on 'cuda:{index}' or copy "
                         "it to the host first")
    capsule = obj.__dlpack__(stream=_native_stream(target, queue))
    address = _capsules()["pointer"](capsule, _DLPACK_NAME)
    tensor = _DLManagedTensor.from_address(address).dl_tensor
    shape = tuple(tensor.shape[d] for d in range(tensor.ndim))
    dtype = _from_dl_dtype(tensor.dtype, what)
    strides = ([tensor.strides[d] for d in range(tensor.ndim)]
               if tensor.strides else None)
    _check_contiguous(shape, strides, dtype.itemsize, what)
    # The capsule, kept unconsumed, keeps the tensor alive; its destructor
    # calls the producer's deleter when the DeviceArray is gone.
    return _wrap_device(target, (tensor.data or 0) + tensor.byte_offset, shape,
                        dtype, (capsule, obj), what)


def _from_cuda_interface(obj, device, what):
    np = _dtypes.np()
    interface = obj.__cuda_array_interface__
    if interface.get("mask") is not None:
        raise ValueError(f"{what}: masked arrays are not supported")
    shape = tuple(interface["shape"])
    dtype = _dtype_of(np.dtype(interface["typestr"]), what)
    strides = interface.get("strides")
    if strides is not None:
        strides = [s // dtype.itemsize if s % dtype.itemsize == 0 else 0
                   for s in strides]
    _check_contiguous(shape, strides, dtype.itemsize, what)
    target = _devices.resolve(device if device is not None else "cuda:0")
    if target.backend != "cuda":
        raise ValueError(f"{what} is CUDA memory (__cuda_array_interface__), "
                         f"not memory of {target.selector}")
    return _wrap_device(target, interface["data"][0] or 0, shape, dtype, obj,
                        what)


def _wrap_device(target, address, shape, dtype, owner, what):
    nbytes = dtype.itemsize
    for extent in shape:
        nbytes *= extent
    if nbytes == 0:
        return _allocate(target, shape, dtype)  # nothing to share
    buffer = _wrap(target, address, nbytes, what)
    return DeviceArray._make(target, shape, dtype, buffer, owner, None, address)


# --- Kernel arguments: compute follows data -------------------------------

_passive = None


def _passive_types():
    """Argument types that are never device arrays."""
    global _passive
    if _passive is None:
        np = _dtypes.np()
        from ._annotations import LocalAccessor
        _passive = frozenset([np.ndarray, LocalAccessor, bool, int, float] + [
            np.dtype(t.name).type for t in _dtypes.SCALARS
            if t.name != "bfloat16"])
    return _passive


def _param_name(kernel, nargs, i):
    from . import _arguments
    params = _arguments.parameters(kernel)
    return params[len(params) - nargs + i].name


def place(kernel, args, device, queue):
    """(args, device) of a compiled launch: foreign arrays (DLPack,
    __cuda_array_interface__) become DeviceArrays sharing their memory;
    the device is `queue`'s or `device=` when given (every device array
    must be there), else that of the array arguments (ValueError naming
    two parameters on different devices), else None (the default)."""
    passive = _passive_types()
    explicit = queue.device if queue is not None else (
        None if device is None else _devices.resolve(device))
    found = None  # (index, Device) of the first device array
    placed = None
    for i, a in enumerate(args):
        if type(a) in passive:
            continue
        if type(a) is not DeviceArray:
            if not (hasattr(a, "__dlpack__")
                    or hasattr(a, "__cuda_array_interface__")):
                continue  # bind() says what is wrong with it
            where = (f"parameter '{_param_name(kernel, len(args), i)}' of "
                     f"kernel '{kernel.__name__}'")
            a = _asarray(a, explicit, where, queue)
            placed = placed or list(args)
            placed[i] = a
        if explicit is not None:
            if a.device is not explicit:
                raise ValueError(
                    f"parameter '{_param_name(kernel, len(args), i)}' of kernel "
                    f"'{kernel.__name__}' is an array on {a.device.selector} "
                    f"but the launch is on {explicit.selector} (device=/queue=)")
        elif found is None:
            found = (i, a.device)
        elif a.device is not found[1]:
            first, other = found[0], i
            raise ValueError(
                f"kernel '{kernel.__name__}': parameters "
                f"'{_param_name(kernel, len(args), first)}' "
                f"({found[1].selector}) and "
                f"'{_param_name(kernel, len(args), other)}' "
                f"({a.device.selector}) are arrays on different devices; "
                "compute follows data: put them on one device "
                "(kiln.asarray(x, device=...))")
    if placed is not None:
        args = tuple(placed)
    return args, explicit if explicit is not None else (
        found[1] if found else device)


def alias_of(args, i):
    """The index of the first device array argument before `i` whose
    memory overlaps argument i's, else None (a kernel compiled for
    distinct arrays must not get overlapping ones)."""
    a = args[i]
    start, end = a.data_ptr, (a.data_ptr or 0) + a.nbytes
    for j in range(i):
        b = args[j]
        if type(b) is DeviceArray and b.device is a.device:
            if b._buffer.value == a._buffer.value or (
                    start is not None and b.data_ptr is not None
                    and b.data_ptr < end and start < b.data_ptr + b.nbytes):
                return j
    return None
