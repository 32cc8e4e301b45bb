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
JIT's memory and disk caches.

NumPy arrays are copied to a device buffer before the kernel and back
after it, every one of them: the C API's kernel metadata does not say
which arrays a kernel writes. The commands of one launch (uploads, kernel,
copies back) are in order on one queue; the first of them waits for the
dependent events. The launch's device event is its last command's, so a
launch that depends on it reads the arrays with the results in them.

Host tasks: the package keeps the launch's arrays and handles until its
last command completes, then drops them and completes the host event. The
check runs on the launching thread (every few launches, and in `wait()`
and `is_complete()` of the launch's events), never on a helper thread,
which would take the interpreter lock from the launching thread at each
completion."""

import collections
import ctypes
import struct
import threading

from . import _arguments, _capi, _devices, _dtypes, _source
from ._annotations import ConstantType, LocalAccessor
from ._errors import CompileError, KernelError
from ._events import Event, EventStatus
from ._ranges import NdRange

_lib = None
_compiler = None
_np = None

_FORMATS = {"bool": "?", "int8": "b", "int16": "h", "int32": "i",
            "int64": "q", "uint8": "B", "uint16": "H", "uint32": "I",
            "uint64": "Q", "float16": "e", "float32": "f", "float64": "d"}


def _init():
    global _lib, _compiler, _np
    if _compiler is None:
        _lib = _capi.lib()
        _np = _dtypes.np()
        out = _capi.handle()
        _capi.check(_lib.kiln_compiler_create(ctypes.byref(out)),
                    "creating Kiln's compiler")
        _compiler = out


# --- Packing arguments ----------------------------------------------------

def _scalar_packer(param, dtype):
    code = _capi.DTYPES[dtype.name]
    if dtype.name == "bfloat16":
        def to_bits(value):
            return struct.unpack("<I", struct.pack("<f", dtype(value)))[0] >> 16
        fmt, convert = "H", to_bits
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
    return pack


def _array_packer(dtype, ndim):
    code = _capi.DTYPES[dtype.name]

    def pack(value, arg, launch):
        arg.kind, arg.dtype, arg.rank = _capi.ARG_ARRAY, code, ndim
        arg.buffer = launch.upload(value)
        for d, extent in enumerate(value.shape):
            arg.shape[d] = extent
    return pack


def _local_packer(dtype, ndim):
    code = _capi.DTYPES[dtype.name]

    def pack(value, arg, launch):
        arg.kind, arg.dtype, arg.rank = _capi.ARG_LOCAL_ACCESSOR, code, ndim
        for d, extent in enumerate(value.shape):
            arg.shape[d] = extent
    return pack


def _packer(name, bound):
    if isinstance(bound, LocalAccessor):
        return _local_packer(bound.dtype, bound.ndim)
    dtype = _dtypes.of_value(bound)
    if isinstance(bound, _np.ndarray):
        return _array_packer(dtype, bound.ndim)
    return _scalar_packer(name, dtype)


# --- One launch's commands and its host task -------------------------------

class _Launch:
    """The buffers, events and Python objects of one launch, kept until
    its last command completes."""

    __slots__ = ("device", "queue", "wait", "nwait", "objects", "buffers",
                 "events", "reads", "kernel_event", "last", "done", "error",
                 "lock")

    def __init__(self, device, wait, objects):
        self.device, self.queue, self.objects = device, device.queue, objects
        self.lock = threading.Lock()  # one finish() when threads race
        self.nwait = len(wait)
        self.wait = (_capi.handle * self.nwait)(*wait) if wait else None
        self.buffers, self.events, self.reads = [], [], []
        self.kernel_event = self.last = None
        self.done, self.error = False, None

    def upload(self, array):
        buffer = _capi.handle()
        nbytes = array.nbytes
        _capi.check(_lib.kiln_buffer_create(
            self.device._handle, max(nbytes, 1), ctypes.byref(buffer)),
            "allocating a device buffer")
        self.buffers.append(buffer)
        if nbytes:
            self._command(_lib.kiln_buffer_write_async, buffer,
                          array.ctypes.data, nbytes, "copying an array in")
            self.reads.append((buffer, array, nbytes))
        return buffer

    def _command(self, call, buffer, data, nbytes, what):
        event = _capi.handle()
        status = call(self.queue, buffer, 0, data, nbytes, self.wait,
                      self.nwait, ctypes.byref(event))
        _capi.check(status, what)
        self.events.append(event)

    def submit(self, desc):
        wait, nwait = (None, 0) if self.events else (self.wait, self.nwait)
        events = _capi.LaunchEvents(struct_size=ctypes.sizeof(_capi.LaunchEvents))
        status = _lib.kiln_queue_submit(self.queue, ctypes.byref(desc), wait,
                                        nwait, ctypes.byref(events))
        if status != _capi.OK:
            error = _capi.fail(status, "launch")
            self.finish()
            raise (ValueError if status == _capi.INVALID_ARGUMENT
                   else KernelError)(str(error))
        self.kernel_event = self.last = events.device
        self.wait, self.nwait = None, 0
        for buffer, array, nbytes in self.reads:
            self._command(_lib.kiln_buffer_read_async, buffer, array.ctypes.data,
                          nbytes, "copying an array back")
            self.last = self.events[-1]
        self.reads = None

    def poll(self):
        if self.done:
            return True
        with self.lock:
            if not self.done:
                state = ctypes.c_int()
                _lib.kiln_event_state(self.last, ctypes.byref(state))
                if state.value != _capi.EVENT_PENDING:
                    self._release()
        return self.done

    def finish(self):
        """Waits for the launch's commands, keeps the kernel's error, then
        releases the handles and drops the Python objects."""
        with self.lock:
            if not self.done:
                self._release()

    def _release(self):
        for event in ([self.kernel_event] if self.kernel_event else []) + self.events:
            status = _lib.kiln_event_wait(event)
            if status != _capi.OK and self.error is None:
                self.error = KernelError(str(_capi.fail(status, "kernel")))
        for event in ([self.kernel_event] if self.kernel_event else []) + self.events:
            _lib.kiln_event_release(event)
        for buffer in self.buffers:
            _lib.kiln_buffer_release(buffer)
        self.buffers = self.events = self.objects = self.kernel_event = None
        self.done = True


_pending = collections.deque()
# Asking the runtime for an event's state right after the next launch was
# submitted costs about 12 us on the CPU device (PoCL's worker threads hold
# its locks); checking the launches every _REAP_EVERY launches costs under
# 1 us a launch. Past _MAX_PENDING unchecked launches the oldest is waited
# for, bounding the buffers and arrays held.
_REAP_EVERY, _MAX_PENDING = 64, 1024
_since_reap = 0
_reaping = threading.Lock()  # one thread checks; the others go on launching


def _reap():
    global _since_reap
    _since_reap += 1
    if _since_reap < _REAP_EVERY or not _reaping.acquire(blocking=False):
        return
    try:
        _since_reap = 0
        while _pending and _pending[0].poll():
            _pending.popleft()
        while len(_pending) > _MAX_PENDING:
            _pending.popleft().finish()
    finally:
        _reaping.release()


def finish_all():
    """Waits for every compiled launch (call_kernel's ordering with earlier
    asynchronous launches)."""
    while True:
        try:
            launch = _pending.popleft()
        except IndexError:
            return
        launch.finish()


class CompiledEvent(Event):
    """An event of a compiled launch: its device event (the last command,
    results copied back) or its host event (the package's references
    dropped); both settle together, when the launch is checked after its
    last command."""

    __slots__ = ("_launch",)

    def __init__(self, launch):  # noqa: the base's fields are unused
        self._launch = launch
        self.profiling_info_submit = self.profiling_info_start = None
        self.profiling_info_end = None

    def _settle(self):
        self._launch.finish()
        return self._launch.error

    def wait(self, timeout=None):
        if timeout is not None:
            import time
            deadline = time.monotonic() + timeout
            while not self._launch.poll():
                if time.monotonic() >= deadline:
                    return False
                time.sleep(min(0.001, timeout))
        error = self._settle()
        if error is not None:
            raise KernelError(str(error))
        return True

    def is_complete(self):
        return self._launch.poll()

    @property
    def execution_status(self):
        return EventStatus.COMPLETE if self.is_complete() else EventStatus.SUBMITTED

    @property
    def failed(self):
        return self.is_complete() and self._launch.error is not None


# --- Specializations -------------------------------------------------------

class _Specialization:
    """A kernel compiled for one key: the loaded kernel, which arguments it
    takes (Constant ones are compiled in) and how each is packed."""

    __slots__ = ("kernel", "executable", "positions", "packers", "ndim",
                 "nd", "binary", "device", "signature", "request")

    def launch(self, device, index_space, args, dependent_events):
        wait = []
        for event in dependent_events:
            if isinstance(event, CompiledEvent):
                if not event._launch.done:
                    wait.append(event._launch.last)
            else:
                error = event._settle()
                if error is not None:
                    raise KernelError(f"an event the launch depends on failed: "
                                      f"{error}") from error
        launch = _Launch(device, wait, args)
        n = len(self.positions)
        arg_structs = (_capi.Arg * n)()
        try:
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
        _reap()
        _pending.append(launch)
        return launch


def _key(device, index_space, args, constants):
    parts = [device, type(index_space), index_space.ndim]
    ndarray = _np.ndarray
    for i, a in enumerate(args):
        t = type(a)
        if t is ndarray:
            parts.append((a.dtype, a.ndim, a.flags.c_contiguous))
        elif t is LocalAccessor:
            parts.append((t, a.dtype, len(a.shape)))
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


def _compile(kernel, device, index_space, args):
    binding = _arguments.bind(kernel, index_space, args)
    text, filename = _source.module_source(kernel)
    params = _arguments.parameters(kernel)
    names = [p.name for p in params[len(params) - len(args):]]
    compile_args = (_capi.Arg * len(args))()
    for j, (name, value) in enumerate(zip(names, binding.values)):
        _packer(name, value)(value, compile_args[j], _NoUpload)
    options = _capi.CompileOptions()
    _lib.kiln_compile_options_init(ctypes.byref(options))
    options.kernel = kernel.py_func.__name__.encode()
    options.launch_rank = index_space.ndim
    options.launch_space = (_capi.SPACE_ND_RANGE if isinstance(index_space, NdRange)
                            else _capi.SPACE_RANGE)
    binary = _capi.handle()
    status = _lib.kiln_compile_for_arguments(
        _compiler, device._handle, text.encode(), filename.encode(),
        ctypes.byref(options), compile_args, len(args), ctypes.byref(binary))
    if status == _capi.COMPILE_ERROR:
        raise CompileError(_capi.last_message()) from None
    if status == _capi.INVALID_ARGUMENT:
        raise TypeError(f"kernel '{kernel.__name__}': "
                        f"{_capi.last_message()}") from None
    _capi.check(status, f"compiling kernel '{kernel.__name__}'")
    spec = _load(kernel, device, binary, names, binding, index_space)
    spec.request = (text, filename, options, compile_args)
    spec.signature = _signature(kernel, index_space, names, binding.values)
    return spec


def _type_name(value):
    if isinstance(value, LocalAccessor):
        return f"LocalAccessor[{value.dtype.name}, {value.ndim}]"
    dtype = _dtypes.of_value(value).name
    if isinstance(value, _np.ndarray):
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
    def upload(array):
        return _alignment_witness()


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
        spec.positions.append(i)
        spec.packers.append(_packer(names[i], binding.values[i]))
    spec.ndim = index_space.ndim
    spec.nd = isinstance(index_space, NdRange)
    spec.device = device
    return spec


def launch(kernel, index_space, dependent_events, args, device):
    """Submits a compiled launch; returns its _Launch."""
    _init()
    device = _devices.resolve(device)
    table = kernel.__dict__.get("_dispatch")
    if table is None:
        table = kernel._dispatch = {}
    constants = kernel.__dict__.get("_constants")
    if constants is None or constants[0] != len(args):
        constants = kernel._constants = (len(args),
                                         _constant_positions(kernel, len(args)))
    key = _key(device, index_space, args, constants[1])
    spec = table.get(key)
    if spec is None:
        spec = table[key] = _compile(kernel, device, index_space, args)
    return spec.launch(device, index_space, args, dependent_events)


_STAGES = ("spirv", "spirv-binary", "ptx")


def inspect(kernel, stage):
    """{signature: text} of `stage` for every specialization of `kernel`
    compiled so far ("ptx": PTX for CUDA; "spirv": SPIR-V disassembled by
    spirv-dis; "spirv-binary": the SPIR-V words as bytes)."""
    if stage not in _STAGES:
        raise ValueError(f"stage {stage!r}: the stages the compiler's C API "
                         f"returns are {', '.join(_STAGES)}")
    out = {}
    for spec in kernel.__dict__.get("_dispatch", {}).values():
        runs_ptx = spec.device.backend == "cuda"
        if runs_ptx == (stage == "ptx"):
            code = spec.binary  # what the device runs
        else:  # the other target's code for the same request (PTX: sm_90)
            code = _compile_for_target(spec, _capi.TARGET_PTX if stage == "ptx"
                                       else _capi.TARGET_SPIRV)
        out[spec.signature] = code.decode() if stage == "ptx" else (
            code if stage == "spirv-binary" else _disassemble(code))
    return out


def _compile_for_target(spec, target):
    text, filename, options, compile_args = spec.request
    copy = _capi.CompileOptions.from_buffer_copy(options)
    copy.target = target
    binary = _capi.handle()
    _capi.check(_lib.kiln_compile_for_arguments(
        _compiler, None, text.encode(), filename.encode(), ctypes.byref(copy),
        compile_args, len(compile_args), ctypes.byref(binary)), "inspect")
    try:
        data, size = ctypes.c_void_p(), ctypes.c_size_t()
        _capi.check(_lib.kiln_binary_data(binary, ctypes.byref(data),
                                          ctypes.byref(size)), "inspect")
        return ctypes.string_at(data, size.value)
    finally:
        _lib.kiln_binary_release(binary)


def _disassemble(words):
    import shutil
    import subprocess
    tool = shutil.which("spirv-dis")
    if tool is None:
        raise RuntimeError("inspect('spirv') needs spirv-dis (SPIRV-Tools); "
                           "inspect('spirv-binary') returns the words")
    return subprocess.run([tool, "-", "-o", "-"], input=words, check=True,
                          capture_output=True).stdout.decode()


def events(launch_record):
    """(host_event, device_event) of a launch."""
    return CompiledEvent(launch_record), CompiledEvent(launch_record)
