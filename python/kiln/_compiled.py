"""Compiled launches: a kernel compiled by Kiln's JIT for its arguments'
types (kiln_compile_for_arguments) and launched on a device through the
runtime's one launch call (kiln_queue_submit), on the device's in-order
queue.

Dispatch: each kernel keeps a dictionary from the launch's types (device,
index-space kind and rank, each argument's type; arrays' dtype, rank and
layout; the values of Constant parameters) to a `_Specialization`, the
loaded kernel and one packing function per argument. A repeated call is
that lookup, the packing and the submission; a miss checks the arguments
(`_arguments.bind`, errors naming the parameter) and compiles through the
JIT's memory and disk caches; a new process finds what an earlier one
compiled through the package's index of the JIT's disk cache
(_diskindex.py), without loading the compiler.

NumPy arrays are copied to a device buffer before the kernel, and back
after it when the kernel may write them (kiln_kernel_param_access, the
compiler's analysis). The launch's commands and its host task:
_host_tasks.py."""

import ctypes
import struct
import sys
import warnings

from . import (_arguments, _capi, _devices, _diskindex, _dtypes, _fastlaunch,
               _host_tasks, _source)
from . import _array
from . import _diagnostics
from ._annotations import ConstantType, LocalAccessor
from ._array import DeviceArray
from ._decorators import _in_package
from ._errors import CompileError, KernelError
from ._host_tasks import CompiledEvent, Launch
from ._ranges import NdRange, Range

_lib = None
_compiler = None
_np = None

_FORMATS = {"bool": "?", "int8": "b", "int16": "h", "int32": "i",
            "int64": "q", "uint8": "B", "uint16": "H", "uint32": "I",
            "uint64": "Q", "float16": "e", "float32": "f", "float64": "d"}


def _init():
    """Loads the runtime (libkiln.so), not the compiler."""
    global _lib, _np
    if _lib is None:
        _np = _dtypes.np()
        lib = _capi.lib()
        _host_tasks.use(lib)
        _fastlaunch.use(lib)
        _lib = lib


def compiler():
    """The process's compiler (libkiln_python.so loaded and the compiler
    created at the first compile)."""
    global _compiler
    _init()
    if _compiler is None:
        out = _capi.handle()
        _capi.check(_capi.compiler_lib().kiln_compiler_create(ctypes.byref(out)),
                    "creating Kiln's compiler")
        _compiler = out
    return _compiler


def _options():
    """kiln_compile_options_init's defaults, set here: the index key
    (_diskindex.py) hashes them without loading the compiler."""
    return _capi.CompileOptions(target=_capi.TARGET_SPIRV, arch=None,
                                opt_level=2, kernel=None, launch_rank=0,
                                numba_typing=0, signature=None, launch_space=0)


# --- Packing arguments ----------------------------------------------------

def _scalar_packer(param, dtype):
    code = _capi.DTYPES[dtype.name]
    if dtype.name == "bfloat16":
        def to_bits(value):
            return struct.unpack("<I", struct.pack("<f", dtype(value)))[0] >> 16
        fmt, convert = "H", to_bits
    elif dtype.kind == "c":
        # NumPy's bytes: the real part, then the imaginary part.
        def to_bytes(value):
            return dtype.type(value).tobytes()
        fmt, convert = f"{dtype.bits // 8}s", to_bytes
    else:
        fmt, convert = _FORMATS[dtype.name], None

    def pack(value, arg, launch):
        arg.kind, arg.dtype = _capi.ARG_SCALAR, code
        try:
            struct.pack_into(fmt, arg.value, 0,
                             convert(value) if convert else value)
        except struct.error as exc:
            raise ValueError(f"parameter '{param}': {value!r} does not fit in "
                             f"{dtype.name} ({exc})") from None
    pack.field = _fastlaunch.Field(param, _capi.ARG_SCALAR, code, dtype.name,
                                   fmt=fmt, convert=convert)
    return pack


def _array_packer(dtype, ndim, writes=True):
    code = _capi.DTYPES[dtype.name]

    def pack(value, arg, launch):
        arg.kind, arg.dtype, arg.rank = _capi.ARG_ARRAY, code, ndim
        arg.buffer = launch.upload(value, writes)
        for d, extent in enumerate(value.shape):
            arg.shape[d] = extent
    pack.writes = writes  # read by kiln.Launcher
    return pack


def _view_packer(param, dtype, ndim, writes=True):
    """A strided NumPy array (a view: `a[::2]`, `a.T`, `a[:, 1]`): the bytes
    its elements span go to the device (one buffer for the launch's views
    of one array) and it is passed with its strides in elements
    (kiln_arg_strided_array); the kernel was compiled for strided arrays."""
    code = _capi.DTYPES[dtype.name]

    def pack(value, arg, launch):
        strides = _arguments.element_strides(value, param)
        arg.kind, arg.dtype, arg.rank = _capi.ARG_ARRAY, code, ndim
        arg.buffer, arg.offset = launch.upload_view(value, writes)
        arg.strided = 1
        for d, extent in enumerate(value.shape):
            arg.shape[d] = extent
            arg.strides[d] = strides[d]
    pack.writes = writes  # read by kiln.Launcher
    return pack


def _device_array_packer(dtype, ndim, array=None):
    code = _capi.DTYPES[dtype.name]

    def pack(value, arg, launch):  # its own buffer: no copy
        arg.kind, arg.dtype, arg.rank = _capi.ARG_ARRAY, code, ndim
        arg.buffer = value._buffer
        for d, extent in enumerate(value.shape):
            arg.shape[d] = extent
    if array is not None:  # the fast launch's: what the key holds of it
        pack.field = _fastlaunch.Field("", _capi.ARG_ARRAY, code, dtype.name,
                                       rank=ndim, dtype_object=array.dtype,
                                       aligned=array.aligned)
    return pack


def _local_packer(dtype, ndim):
    code = _capi.DTYPES[dtype.name]

    def pack(value, arg, launch):
        arg.kind, arg.dtype, arg.rank = _capi.ARG_LOCAL_ACCESSOR, code, ndim
        for d, extent in enumerate(value.shape):
            arg.shape[d] = extent
    pack.field = _fastlaunch.Field("", _capi.ARG_LOCAL_ACCESSOR, code,
                                   dtype.name, rank=ndim, dtype_object=dtype)
    return pack


def _declared_scalar(kernel, name):
    """The dtype a parameter is annotated with, if a scalar one. NumPy has
    no bfloat16: a bfloat16 parameter's value is bound as a float32 holding
    it, so only the annotation says to pass it as bfloat16."""
    for p in _arguments.parameters(kernel):
        if p.name == name:
            ann = p.annotation
            if isinstance(ann, ConstantType):
                ann = ann.dtype
            return ann if isinstance(ann, _dtypes.DType) else None
    return None


def _packer(kernel, name, bound, writes=True):
    if isinstance(bound, LocalAccessor):
        return _local_packer(bound.dtype, bound.ndim)
    declared = _declared_scalar(kernel, name)
    if declared is not None and declared.name == "bfloat16":
        return _scalar_packer(name, declared)
    dtype = _dtypes.of_value(bound)
    if isinstance(bound, DeviceArray):
        return _device_array_packer(dtype, bound.ndim, bound)
    if isinstance(bound, _np.ndarray):
        if not bound.flags.c_contiguous:
            return _view_packer(name, dtype, bound.ndim, writes)
        return _array_packer(dtype, bound.ndim, writes)
    return _scalar_packer(name, dtype)


# --- Specializations -------------------------------------------------------

class _Specialization:
    """A kernel compiled for one key: the loaded kernel, which arguments it
    takes (Constant ones are compiled in) and how each is packed."""

    __slots__ = ("kernel", "executable", "positions", "packers", "ndim",
                 "nd", "binary", "device", "signature", "request", "fast",
                 "views")

    def launch(self, device, index_space, args, dependent_events, queue=None):
        launch = new_launch(device, args, dependent_events, queue)
        n = len(self.positions)
        arg_structs = (_capi.Arg * n)()
        try:
            if self.views:
                launch.group_views(args)
            for j, (i, pack) in enumerate(zip(self.positions, self.packers)):
                pack(args[i], arg_structs[j], launch)
        except BaseException:
            launch.finish()
            raise
        desc = _capi.LaunchDesc(struct_size=ctypes.sizeof(_capi.LaunchDesc),
                                kernel=self.kernel, ndim=self.ndim,
                                args=arg_structs, nargs=n)
        if self.nd:
            desc.global_ = (ctypes.c_int64 * 3)(*index_space.global_range)
            desc.local = (ctypes.c_int64 * 3)(*index_space.local_range)
        else:
            desc.global_ = (ctypes.c_int64 * 3)(*index_space)
        launch.submit(desc)
        _host_tasks.track(launch)
        return launch


def new_launch(device, args, dependent_events, queue=None):
    """A Launch waiting for `dependent_events`: a compiled launch's last
    command, or a simulator event waited for now."""
    wait = []
    for event in dependent_events:
        if isinstance(event, CompiledEvent):
            last = None if event._launch.done else event._launch.last
            if last is not None:  # None: it completed meanwhile
                wait.append(last)
        else:
            error = event._settle()
            if error is not None:
                raise KernelError(f"an event the launch depends on failed: "
                                  f"{error}") from error
    return Launch(device, wait, args, queue)


def _key(device, index_space, args, constants):
    parts = [device, type(index_space), index_space.ndim]
    ndarray = _np.ndarray
    for i, a in enumerate(args):
        t = type(a)
        if t is ndarray:
            parts.append((a.dtype, a.ndim, a.flags.c_contiguous))
        elif t is LocalAccessor:
            parts.append((t, a.dtype, len(a.shape)))
        elif t is DeviceArray:  # alignment and aliasing are specialized
            parts.append((t, a.dtype, a.ndim, a.aligned, _array.alias_of(args, i)))
        elif i in constants:
            parts.append((t, a))
        else:
            parts.append(t)
    return tuple(parts)


def _constant_positions(kernel, nargs):
    params = _arguments.parameters(kernel)
    rest = params[len(params) - nargs:] if len(params) >= nargs else params
    return frozenset(i for i, p in enumerate(rest)
                     if isinstance(p.annotation, ConstantType))


def _warn_debug(kernel):
    """`@kernel(debug=True)` (or `boundscheck=True`) on a compiled launch:
    the compiler's C API has no way to ask for debug mode (-g;
    kiln_compile_options_t has no such field), so the kernel is compiled
    without its checks. Said once per kernel, at the user's line."""
    if kernel.__dict__.get("_debug_warned"):
        return
    kernel._debug_warned = True
    frame, level = sys._getframe(1), 2  # the first frame outside the package
    while frame is not None and _in_package(frame.f_globals.get("__name__", "")):
        frame, level = frame.f_back, level + 1
    warnings.warn(f"kernel '{kernel.__name__}': debug=True cannot be honoured "
                  "by compiled launches yet (the compiler's C API has no debug "
                  "mode, -g): it runs without bounds checks; device='python' "
                  "checks every index", RuntimeWarning, stacklevel=level)


def _compile(kernel, device, index_space, args):
    if kernel.debug:
        _warn_debug(kernel)
    binding = _arguments.bind(kernel, index_space, args)
    text, filename, origins = _source.module_layout(kernel)
    params = _arguments.parameters(kernel)
    names = [p.name for p in params[len(params) - len(args):]]
    compile_args = (_capi.Arg * len(args))()
    for j, (name, value) in enumerate(zip(names, binding.values)):
        _packer(kernel, name, value)(value, compile_args[j], _NoUpload)
    options = _options()
    options.kernel = kernel.py_func.__name__.encode()
    options.launch_rank = index_space.ndim
    options.launch_space = (_capi.SPACE_ND_RANGE if isinstance(index_space, NdRange)
                            else _capi.SPACE_RANGE)
    index_key = _diskindex.key(
        text, filename, options, device, args, compile_args,
        _constant_positions(kernel, len(args)), _array.alias_of)
    indexed = _load_indexed(kernel, device, index_key, names, binding,
                            index_space)
    if indexed is not None:
        spec, diagnostics = indexed
    else:
        compiler_ = compiler()
        clib = _capi.compiler_lib()
        binary = _capi.handle()
        status = clib.kiln_compile_for_arguments(
            compiler_, device._handle, text.encode(), filename.encode(),
            ctypes.byref(options), compile_args, len(args), ctypes.byref(binary))
        if status == _capi.COMPILE_ERROR:
            raise CompileError(_capi.last_message()) from None
        if status == _capi.INVALID_ARGUMENT:
            raise TypeError(f"kernel '{kernel.__name__}': "
                            f"{_capi.last_message()}") from None
        _capi.check(status, f"compiling kernel '{kernel.__name__}'")
        jit_key = clib.kiln_compile_last_cache_key()
        diagnostics = _diagnostics.last()
        spec = _load(kernel, device, binary, names, binding, index_space)
        _diskindex.record(index_key, jit_key.decode() if jit_key else "",
                          diagnostics)
    spec.request = (text, filename, options, compile_args)
    spec.signature = _signature(kernel, index_space, names, binding.values)
    # The compile's warnings, once: the caller caches the specialization
    # (KILN_WARNINGS=error raises instead, and nothing is cached).
    _diagnostics.report(kernel, diagnostics, origins)
    return spec


def _load_indexed(kernel, device, index_key, names, binding, index_space):
    """(specialization, diagnostics) from the JIT entry the disk-cache index
    names, loaded by the runtime alone; None on a miss or an entry that
    does not load (the caller compiles)."""
    found = _diskindex.lookup(index_key)
    if found is None:
        return None
    payload, diagnostics = found
    binary = _capi.handle()
    if _lib.kiln_binary_read_memory(payload, len(payload),
                                    ctypes.byref(binary)) != _capi.OK:
        return None
    try:
        return (_load(kernel, device, binary, names, binding, index_space),
                diagnostics)
    except (_capi.CError, ValueError):
        return None


def _type_name(value):
    if isinstance(value, LocalAccessor):
        return f"LocalAccessor[{value.dtype.name}, {value.ndim}]"
    dtype = _dtypes.of_value(value).name
    if isinstance(value, (_np.ndarray, DeviceArray)):
        return f"Array[{dtype}, {value.ndim}]"
    return dtype


def _signature(kernel, index_space, names, values):
    space = type(index_space).__name__
    params = ", ".join(f"{n}: {_type_name(v)}" for n, v in zip(names, values))
    return f"{kernel.py_func.__name__}({params}) over a {index_space.ndim}-D {space}"


class _NoUploads:
    """Arrays of a compile's arguments: typed, never copied (the compile
    reads only their dtypes and ranks; a non-null buffer says the launch's
    buffers are 16-byte aligned, as runtime buffers are)."""

    @staticmethod
    def upload(array, writes=True):
        return _alignment_witness()

    @staticmethod
    def upload_view(array, writes=True):
        return _alignment_witness(), 0


_NoUpload = _NoUploads()
_witness = None


def _alignment_witness():
    global _witness
    if _witness is None:
        _witness = _capi.handle()
        _capi.check(_lib.kiln_buffer_create(
            _devices.resolve(None)._handle, 16, ctypes.byref(_witness)),
            "allocating a device buffer")
    return _witness


def _load(kernel, device, binary, names, binding, index_space):
    spec = _Specialization()
    try:
        data, size = ctypes.c_void_p(), ctypes.c_size_t()
        _capi.check(_lib.kiln_binary_data(binary, ctypes.byref(data),
                                          ctypes.byref(size)), "binary")
        spec.binary = ctypes.string_at(data, size.value)
        spec.executable = _capi.handle()
        _capi.check(_lib.kiln_executable_load(device._handle, binary,
                                              ctypes.byref(spec.executable)),
                    f"loading kernel '{kernel.__name__}'")
    finally:
        _lib.kiln_binary_release(binary)
    spec.kernel = _capi.handle()
    _capi.check(_lib.kiln_kernel_get(spec.executable,
                                     kernel.py_func.__name__.encode(),
                                     ctypes.byref(spec.kernel)), "kernel")
    count = ctypes.c_size_t()
    _capi.check(_lib.kiln_kernel_param_count(spec.kernel, ctypes.byref(count)),
                "kernel")
    spec.positions, spec.packers = [], []
    for j in range(count.value):
        name = ctypes.c_char_p()
        _capi.check(_lib.kiln_kernel_param_info(spec.kernel, j, ctypes.byref(name),
                                                None, None, None), "kernel")
        i = names.index(name.value.decode())
        access = ctypes.c_int()
        _capi.check(_lib.kiln_kernel_param_access(spec.kernel, j,
                                                  ctypes.byref(access)), "kernel")
        spec.positions.append(i)
        spec.packers.append(_packer(kernel, names[i], binding.values[i],
                                    access.value != _capi.ACCESS_READ_ONLY))
    # Strided NumPy arguments: overlapping views share a device buffer.
    spec.views = any(_host_tasks.is_view(v) for v in binding.values)
    spec.ndim = index_space.ndim
    spec.nd = isinstance(index_space, NdRange)
    spec.device = device
    spec.fast = _fast_plan(spec)
    return spec


def _fast_plan(spec):
    """The reused-struct launch (_fastlaunch.py) when no argument needs
    a copy, else None (NumPy arrays take spec.launch)."""
    fields = [getattr(pack, "field", None) for pack in spec.packers]
    if any(field is None for field in fields):
        return None
    return _fastlaunch.Plan(spec.kernel, spec.device.queue, spec.ndim, spec.nd,
                            spec.positions, fields, spec.device,
                            NdRange if spec.nd else Range)


def specialization(kernel, index_space, args, device):
    """The _Specialization of a launch (compiled at the first one), for
    kiln.Launcher; keyed as launch() keys it."""
    _init()
    table = kernel.__dict__.get("_dispatch")
    if table is None:
        table = kernel._dispatch = {}
    constants = _constant_positions(kernel, len(args))
    key = _key(device, index_space, args, constants)
    spec = table.get(key)
    if spec is None:
        spec = table[key] = _compile(kernel, device, index_space, args)
    return spec


def launch(kernel, index_space, dependent_events, args, device, queue=None):
    """Submits a compiled launch (on `queue`, a kiln.Queue of `device`, or
    the device's in-order queue); returns its _Launch."""
    if queue is None:  # the kernel's last fast plan, if these are its arguments
        entry = kernel.__dict__.get("_fast_entry")
        if entry is not None:
            record = entry.try_launch(index_space, args, dependent_events, device)
            if record is not None:
                return record
    _init()
    if not _plain_types().issuperset(map(type, args)):  # compute follows data
        args, device = _array.place(kernel, args, device, queue)
    device = _devices.resolve(device) if queue is None else queue.on(device)
    table = kernel.__dict__.get("_dispatch")
    if table is None:
        table = kernel._dispatch = {}
    constants = kernel.__dict__.get("_constants")
    if constants is None or constants[0] != len(args):
        constants = kernel._constants = (len(args),
                                         _constant_positions(kernel, len(args)))
    types = tuple(map(type, args))
    if constants[1] or not _plain_types().issuperset(types):
        key = _key(device, index_space, args, constants[1])
    else:  # what _key gives for arguments keyed by their Python type alone
        key = (device, type(index_space), index_space.ndim) + types
    spec = table.get(key)
    if spec is None:
        spec = table[key] = _compile(kernel, device, index_space, args)
    if spec.fast is not None and queue is None:
        return _launch_fast(kernel, spec.fast, key, constants[1], index_space,
                            args, dependent_events)
    return spec.launch(device, index_space, args, dependent_events, queue)


def _launch_fast(kernel, plan, key, constants, index_space, args,
                 dependent_events):
    """Launches through a fast plan found by its key; a plan whose key
    holds no Constant value and no aliasing array becomes the kernel's
    entry, tried first at its next launch."""
    if plan.types is None:
        plan.bind(args, not constants and not any(
            type(part) is tuple and part[0] is DeviceArray and part[4] is not None
            for part in key))
    if plan.entry:
        kernel._fast_entry = plan
    return plan.launch(index_space, args, dependent_events)


_plain = None


def _plain_types():
    """The scalar types _key keys by the type alone (Python's and NumPy's
    numbers): a launch whose arguments all have one of them skips _key's
    loop (issue 13: 16 scalars cost as little as 1)."""
    global _plain
    if _plain is None:
        _plain = frozenset([bool, int, float] + [
            _np.dtype(name).type for name in _FORMATS])
    return _plain
