"""The warm launch's hot path (issue 13): a specialization whose
arguments need no copy (scalars, local accessors, kiln.DeviceArrays)
launches with C structs built once and one `kiln_queue_submit` call.

Two ways, one behaviour. With the C extension (`_claunch.abi3.so`,
python/lib/launch_*.c, built beside libkiln_python.so) a `Plan`'s
`_claunch.Launcher` checks the arguments, packs them and submits in one
call. Without it (or with KILN_LAUNCH_EXTENSION=0) the ctypes path does
the same in Python: a `_Block` per thread launching at the same time
holds the kiln_arg_t array (kinds, dtypes and ranks written once), the
descriptor, the range arrays and the events struct; a launch writes each
argument at its offset (`struct.pack_into`, a DeviceArray's buffer handle
and shape) and the range's extents. test_claunch.py checks both pack the
same bytes and raise the same errors.

A kernel's last fast plan (`entry`) is tried before the dispatch key is
built: it launches only when the arguments are what picked its
specialization (the index space's kind and rank, the device, each
argument's type; each array's dtype, rank, device and alignment, and no
two arrays sharing memory), else the general path runs. A launch's record
(`_Submitted`) holds its device event and the objects passed until the
package sees the kernel complete, as _host_tasks.Launch does for launches
with copies.

Errors are the general path's: a value out of its parameter's range is a
ValueError naming the parameter (worded here for both ways), a failed
submission a ValueError or KernelError with the runtime's message."""

import collections
import ctypes
import os
import struct
import sys
import threading
import weakref

from . import _capi, _devices, _host_tasks
from ._errors import KernelError

_ARG_SIZE = ctypes.sizeof(_capi.Arg)
_VALUE = _capi.Arg.value.offset
_BUFFER = _capi.Arg.buffer.offset
_SHAPE = _capi.Arg.shape.offset

_lib = None
# kiln_queue_submit, read at each launch: bench/python/launch_overhead.py
# replaces it by a timing wrapper to split the Python side from the C call.
_submit = None
# kiln._claunch, or None: launches through ctypes.
extension = None
_opened = _devices._opened  # selector -> Device, read without the lock


def use(lib):
    """Sets the loaded C library (by _compiled, before the first launch)
    and loads the C launch where it is built and not disabled."""
    global _lib, _submit, extension
    _lib, _submit = lib, lib.kiln_queue_submit
    extension = _load_extension()


def _load_extension():
    """kiln._claunch from beside the loaded libkiln_python.so (the build's
    python/kiln, also when the package runs from the source tree), or
    None where it is not built (no Python headers) or disabled."""
    if os.environ.get("KILN_LAUNCH_EXTENSION", "1") == "0":
        return None
    import importlib.util
    import sys
    path = os.path.join(os.path.dirname(_lib._name), "_claunch.abi3.so")
    if not os.path.exists(path):
        return None
    spec = importlib.util.spec_from_file_location(__package__ + "._claunch", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[spec.name] = module
    if module.ARG_SIZE != _ARG_SIZE:
        return None
    module.use_library(*(ctypes.cast(f, ctypes.c_void_p).value for f in (
        _lib.kiln_queue_submit, _lib.kiln_event_state, _lib.kiln_event_release)))
    return module


# How the C launcher writes a parameter (ParamHow, launch_ext.h).
_BOOL, _SIGNED, _UNSIGNED, _FLOAT32, _FLOAT64, _BYTES, _ARRAY, _LOCAL = range(8)
_NATIVE = {"?": (_BOOL, 1), "b": (_SIGNED, 1), "h": (_SIGNED, 2),
           "i": (_SIGNED, 4), "q": (_SIGNED, 8), "B": (_UNSIGNED, 1),
           "H": (_UNSIGNED, 2), "I": (_UNSIGNED, 4), "Q": (_UNSIGNED, 8),
           "f": (_FLOAT32, 4), "d": (_FLOAT64, 8)}


class Field:
    """How one kernel parameter is written into its kiln_arg_t: the
    constant part (kind, dtype, rank) and the per-launch part (a scalar's
    value at _VALUE with `fmt`, converted by `convert` first if set; a
    local accessor's extents at _SHAPE; a DeviceArray's buffer handle and
    extents). `dtype_object` (the argument's dtype) and `aligned` are what
    the specialization was picked for."""

    __slots__ = ("name", "kind", "dtype", "dtype_name", "rank", "fmt", "convert",
                 "dtype_object", "aligned")

    def __init__(self, name, kind, dtype, dtype_name, rank=0, fmt=None,
                 convert=None, dtype_object=None, aligned=False):
        self.name, self.kind, self.dtype, self.dtype_name = name, kind, dtype, dtype_name
        self.rank, self.fmt, self.convert = rank, fmt, convert
        self.dtype_object, self.aligned = dtype_object, aligned

    def writer(self, j):
        """(write(view, offset, value), offset) for parameter j's value."""
        base = j * _ARG_SIZE
        if self.kind == _capi.ARG_ARRAY:
            return _array_writer(self.rank), base + _BUFFER
        if self.kind == _capi.ARG_LOCAL_ACCESSOR:
            pack_into = struct.Struct(f"<{self.rank}q").pack_into

            def write_shape(view, offset, value):
                pack_into(view, offset, *value.shape)
            return write_shape, base + _SHAPE
        pack_into = struct.Struct("<" + self.fmt).pack_into
        convert = self.convert
        if convert is None:
            return pack_into, base + _VALUE

        def write_converted(view, offset, value):
            pack_into(view, offset, convert(value))
        return write_converted, base + _VALUE

    def c_param(self, position):
        """This field for _claunch.Launcher (read_param, launch_module.c)."""
        if self.kind == _capi.ARG_ARRAY:
            how, size = _ARRAY, 0
        elif self.kind == _capi.ARG_LOCAL_ACCESSOR:
            how, size = _LOCAL, 0
        elif self.convert is None and self.fmt in _NATIVE:
            how, size = _NATIVE[self.fmt]
        else:
            return (position, self.kind, self.dtype, 0, _BYTES,
                    struct.calcsize("<" + self.fmt), 0, 0, None, self._bytes())
        itemsize = self.dtype_object.itemsize if how == _ARRAY else 0
        return (position, self.kind, self.dtype, self.rank, how, size, itemsize,
                int(self.aligned), self.dtype_object)

    def _bytes(self):
        """value -> its bytes, as the ctypes path's writer packs it."""
        pack, convert = struct.Struct("<" + self.fmt).pack, self.convert
        if convert is None:
            return pack
        return lambda value: pack(convert(value))


def _array_writer(rank):
    """Writes a DeviceArray's buffer handle at `offset` (kiln_arg_t.buffer)
    and its extents at the shape field after it."""
    handle = struct.Struct("<Q").pack_into
    shape = struct.Struct(f"<{rank}q").pack_into
    to_shape = _SHAPE - _BUFFER

    def write_array(view, offset, value):
        handle(view, offset, value._handle)
        shape(view, offset + to_shape, *value.shape)
    return write_array


class _Block:
    """The C structs of one launch of a plan, reused launch after launch."""

    __slots__ = ("args", "view", "global_", "gview", "local", "lview", "desc",
                 "desc_ref", "events", "events_ref")

    def __init__(self, plan):
        n = len(plan.fields)
        self.args = (_capi.Arg * max(n, 1))()
        for arg, field in zip(self.args, plan.fields):
            arg.kind, arg.dtype, arg.rank = field.kind, field.dtype, field.rank
        self.view = memoryview(self.args).cast("B")
        self.global_ = (ctypes.c_int64 * 3)()
        self.gview = memoryview(self.global_).cast("B")
        self.desc = _capi.LaunchDesc(struct_size=ctypes.sizeof(_capi.LaunchDesc),
                                     kernel=plan.kernel, ndim=plan.ndim,
                                     args=self.args, nargs=n, global_=self.global_)
        self.local = self.lview = None
        if plan.nd:
            self.local = (ctypes.c_int64 * 3)()
            self.lview = memoryview(self.local).cast("B")
            self.desc.local = self.local
        self.desc_ref = ctypes.byref(self.desc)
        self.events = _capi.LaunchEvents(struct_size=ctypes.sizeof(_capi.LaunchEvents))
        self.events_ref = ctypes.byref(self.events)


class Plan:
    """The fast launch of one specialization: its fields in the kernel's
    parameter order, where each comes from in the launch's arguments, the
    device, and (after `bind`) what its arguments are; the C launcher or
    a pool of blocks."""

    __slots__ = ("kernel", "queue", "ndim", "nd", "fields", "positions",
                 "writers", "extents", "pool", "device", "space_type", "types",
                 "entry", "default_device", "checks", "c", "tail_key")

    def __init__(self, kernel, queue, ndim, nd, positions, fields, device=None,
                 space_type=None):
        self.kernel, self.queue, self.ndim, self.nd = kernel, queue, ndim, nd
        # _tails' key (the in-order queue) where launches cover each other.
        self.tail_key = queue.value if _covers(device) else None
        self.fields, self.positions = fields, tuple(positions)
        self.writers = tuple((*f.writer(j), i) for j, (i, f)
                             in enumerate(zip(positions, fields)))
        self.extents = struct.Struct(f"<{ndim}q").pack_into
        self.pool = []
        self.device, self.space_type = device, space_type
        self.types = self.c = None
        self.entry = self.default_device = False
        self.checks = tuple((i, f) for i, f in zip(positions, fields)
                            if f.kind != _capi.ARG_SCALAR)

    def bind(self, args, entry):
        """Records the argument types of the key that found this plan
        (the first launch); `entry`: the key holds no Constant value and
        no aliasing array, so the types, devices and array facts alone say
        whether a later launch is this specialization's."""
        if self.types is not None:
            return
        self.types = tuple(map(type, args))
        self.default_device = self.device is _devices.resolve(None)
        if extension is not None:
            self.c = extension.Launcher(
                self.kernel.value, self.queue.value, self.ndim, int(self.nd),
                self.space_type, self.device, self.types, int(entry),
                int(self.default_device),
                tuple(f.c_param(i) for i, f in zip(self.positions, self.fields)))
        self.entry = entry

    def launch(self, index_space, args, dependent_events):
        """Launches arguments whose dispatch key found this plan."""
        if self.c is not None:
            wait = _wait_list(dependent_events)
            if wait is not None:
                record = self._launch_c(index_space, args, wait, self.device)
                if record is not None:
                    return record
        return self._launch_ctypes(index_space, args, dependent_events)

    def try_launch(self, index_space, args, dependent_events, device):
        """Launches when the arguments are this specialization's (the
        kernel's entry plan, before any key is built); else None."""
        if device is not None and device is not self.device:
            if type(device) is not str or _opened.get(device) is not self.device:
                return None
            device = self.device
        wait = _wait_list(dependent_events)
        if wait is None:  # a simulator event: the general path waits for it
            return None
        if self.c is not None:
            return self._launch_c(index_space, args, wait, device)
        if not self._matches(index_space, args, device):
            return None
        return self._launch_ctypes(index_space, args, dependent_events)

    def _launch_c(self, index_space, args, wait, device):
        key = self.tail_key
        # Not with a wait list: it may hold the handle a claim releases
        # (a covered launch's dependents wait for its cover's).
        prev = None if key is None or wait else _claim_tail(key)
        try:
            event = self.c.launch(index_space, args, device, wait or None)
        except extension.ArgumentError as exc:
            _restore_tail(key, prev)
            raise self._argument_error(args, exc) from None
        except extension.SubmitError as exc:
            _restore_tail(key, prev)
            raise _submit_error(exc.args[0]) from None
        except BaseException:
            _restore_tail(key, prev)
            raise
        if event is None:
            _restore_tail(key, prev)
            return None
        return _submitted(key, prev, event, args)

    def _launch_ctypes(self, index_space, args, dependent_events):
        wait = wait_handles(dependent_events) if dependent_events else None
        try:
            block = self.pool.pop()
        except IndexError:  # first launch, or other threads hold the others
            block = _Block(self)
        key = self.tail_key
        prev = None if key is None or wait else _claim_tail(key)
        status = None
        try:
            self._fill(block, index_space, args)
            status = _submit(self.queue, block.desc_ref, wait,
                             len(wait) if wait else 0, block.events_ref)
            event = block.events.device
        finally:
            self.pool.append(block)
            if status != _capi.OK:
                _restore_tail(key, prev)
        if status != _capi.OK:
            raise _submit_error(status)
        return _submitted(key, prev, event, args)

    def _matches(self, index_space, args, device):
        """Whether `args` are what picked this specialization, as the
        dispatch key would say (launcher_launch's checks, in Python)."""
        if not self.entry or type(index_space) is not self.space_type:
            return False
        dims = index_space._global._dims if self.nd else index_space._dims
        if len(dims) != self.ndim or tuple(map(type, args)) != self.types:
            return False
        arrays = []
        for i, field in self.checks:
            value = args[i]
            if value.dtype is not field.dtype_object or len(value.shape) != field.rank:
                return False
            if field.kind == _capi.ARG_ARRAY:
                if value.device is not self.device or value.aligned != field.aligned:
                    return False
                arrays.append(i)
        if device is None and not arrays and not self.default_device:
            return False
        from ._array import alias_of
        return all(alias_of(args, i) is None for i in arrays)

    def _fill(self, block, index_space, args):
        view = block.view
        try:
            for write, offset, i in self.writers:
                write(view, offset, args[i])
        except (struct.error, OverflowError) as exc:
            raise self._argument_error(args, exc) from None
        if self.nd:
            self.extents(block.gview, 0, *index_space._global._dims)
            self.extents(block.lview, 0, *index_space._local._dims)
        else:
            self.extents(block.gview, 0, *index_space._dims)

    def _argument_error(self, args, exc):
        """The ValueError naming the parameter whose value did not pack
        (for both ways: the C launcher's refusals are worded here)."""
        scratch = memoryview(bytearray(_ARG_SIZE * len(self.fields)))
        for (write, offset, i), field in zip(self.writers, self.fields):
            try:
                write(scratch, offset, args[i])
            except (struct.error, OverflowError) as one:
                return ValueError(f"parameter '{field.name}': {args[i]!r} does "
                                  f"not fit in {field.dtype_name} ({one})")
        return ValueError(str(exc))


def _submit_error(status):
    error = _capi.fail(status, "launch")
    return (ValueError if status == _capi.INVALID_ARGUMENT
            else KernelError)(str(error))


def _wait_list(dependent_events):
    """The runtime events of compiled launches not yet seen complete, as a
    tuple of handles; None when a simulator event is among them."""
    if not dependent_events:
        return ()
    wait = []
    for event in dependent_events:
        if type(event) is not _host_tasks.CompiledEvent:
            return None
        launch = event._launch
        last = None if launch.done else launch.last
        if last is not None:
            wait.append(last)
    return tuple(wait)


def wait_handles(dependent_events):
    """The runtime events a launch waits for, as a C array (None when
    none is pending). A simulator event is waited for here; its failure is
    the launch's KernelError."""
    wait = []
    for event in dependent_events:
        if isinstance(event, _host_tasks.CompiledEvent):
            last = None if event._launch.done else event._launch.last
            if last is not None:
                wait.append(last)
        else:
            error = event._settle()
            if error is not None:
                raise KernelError(f"an event the launch depends on failed: "
                                  f"{error}") from error
    return (_capi.handle * len(wait))(*wait) if wait else None


# Lazy completion of fast launches (issue 13). On CUDA a kernel's event
# costs a cuEventRecord when its handle is still held as the next command
# is enqueued (CudaEvent.h), and the package held every launch's until it
# saw the launch complete. A launch whose events the caller dropped (only
# the package's pending list and _tails still hold its record) needs no
# event of its own: the next fast launch on the same in-order queue
# completes after it. So before that launch is submitted, the previous
# one's handle is released (it is never recorded) and, once submitted, the
# new launch "covers" it: the previous record completes, dropping the
# Python objects passed, when a launch covering it is seen complete, never
# before. Every _CHECKPOINT-th launch keeps its handle even so, so that
# the pending list is checked against a launch at most that many behind
# the newest, not the newest itself (which would make the host wait for
# all the work submitted when the list is full). A cover is a weak
# reference, so that a record's reference count says whether the caller
# still holds its events.
# Where: on CUDA, whose lazily recorded events this spares ("auto"); on
# every back end ("always": the tests, which run on the CPU device); or
# nowhere ("never"; KILN_LAUNCH_COVER=0, the benchmark's comparison).
# Elsewhere it costs: on the CPU device (PoCL) releasing a running
# command's event returns only once the command has completed, which
# makes every launch wait for the one before (docs/performance.md).
# Read when a kernel's fast plan is made.
cover_mode = {"0": "never", "1": "always"}.get(
    os.environ.get("KILN_LAUNCH_COVER", ""), "auto")
_tails = {}  # queue handle value -> the last fast launch's record on it
_CHECKPOINT = 16
_since_checkpoint = 0
_KEEP = object()  # a record's `cover` when it keeps its handle


def _covers(device):
    """Whether fast launches on `device`'s queue cover each other."""
    if cover_mode == "auto":
        return getattr(device, "selector", "").startswith("cuda")
    return cover_mode == "always"


def _free_references():
    """sys.getrefcount of a record held only by the pending list and a
    local variable (as _claim_tail sees it), measured on this interpreter."""
    probe = _Submitted(None, None)
    held = collections.deque([probe])  # noqa: F841 (the pending list)
    return sys.getrefcount(probe)


_FREE = None


def _claim_tail(key):
    """The last fast launch on queue `key`, taken off _tails with its
    handle released when nothing but the package holds it (the caller then
    covers it with the launch it submits, or gives it back with
    _restore_tail); else None."""
    prev = _tails.pop(key, None)
    if prev is None or prev.done:
        return None
    if prev.event is None:  # released already, a launch after it failed
        return prev
    if prev.cover is _KEEP or sys.getrefcount(prev) != _FREE:
        return None  # a checkpoint, or the caller holds its events
    with prev.lock:
        if prev.done or prev.event is None:
            return None
        event, prev.event = prev.event, None
        prev.cover = key  # until the next launch covers it: its queue
    if extension is not None:
        extension.release_event(event)
    else:
        _lib.kiln_event_release(event)
    return prev


def _restore_tail(key, prev):
    """Gives back a claimed record whose covering launch was not
    submitted: a later launch on the queue covers it, else it is again
    the queue's last."""
    if prev is None:
        return
    current = _tails.get(key)
    if current is not None:
        prev.cover = weakref.ref(current)
    else:
        prev.cover = key
        _tails[key] = prev


def _submitted(key, prev, event, args):
    """The record of a fast launch just submitted on queue `key`, covering
    `prev` (claimed before the submission)."""
    global _since_checkpoint
    record = _Submitted(event, args)
    if key is not None:
        _since_checkpoint += 1
        if _since_checkpoint >= _CHECKPOINT:
            _since_checkpoint = 0
            record.cover = _KEEP
        if prev is not None:
            prev.cover = weakref.ref(record)
        _tails[key] = record
    _host_tasks.track(record)
    return record


class _Submitted:
    """A fast launch until its kernel is seen complete: its device event
    and the objects passed, dropped then (the host task). Quacks like
    _host_tasks.Launch for CompiledEvent and the pending list. `event` is
    its handle, or None once released: then `cover` is the later launch
    on the same in-order queue whose completion says this one's (or, until
    one is submitted, the queue's handle value)."""

    __slots__ = ("event", "objects", "done", "error", "lock", "cover",
                 "__weakref__")

    def __init__(self, event, objects):
        self.event, self.objects = event, objects
        self.done, self.error = False, None
        self.lock = threading.Lock()  # one release when threads race
        self.cover = None

    def _owner(self):
        """The record whose handle answers for this one (itself while it
        has one, or a done record), or None when released and not yet
        covered. The chain of covers is shortened as it is followed."""
        record = self
        while record.event is None and not record.done:
            cover = record.cover
            if type(cover) is not weakref.ReferenceType:
                return None
            later = cover()
            if later is None:  # collected: it was reaped, so complete
                record._drop()
                break
            record = later
        if record is not self:
            target = weakref.ref(record)
            node = self
            while node is not record and type(node.cover) is weakref.ReferenceType:
                node.cover, later = target, node.cover()
                if later is None:
                    break
                node = later
        return record

    @property
    def last(self):
        """The handle a launch depending on this one waits for (a covering
        launch's), or None once it is complete."""
        if self.done:
            return None
        owner = self._owner()
        if owner is None:  # no handle to wait for: wait for its queue
            self.finish()
            return None
        return None if owner.done else owner.event

    def poll(self):
        if self.done:
            return True
        if self.event is None:  # covered: the covering launch says
            owner = self._owner()
            if owner is not None and owner is not self and owner.poll():
                self._drop()
            return self.done
        with self.lock:
            if self.done or self.event is None:
                return self.done
            if extension is not None:  # state and release in one C call
                state = extension.poll_event(self.event)
                if state == _capi.EVENT_COMPLETE:  # the handle is released
                    self.event = self.objects = None
                    self.done = True
                elif state != _capi.EVENT_PENDING:
                    self._wait_and_release()
            else:
                state = ctypes.c_int()
                _lib.kiln_event_state(self.event, ctypes.byref(state))
                if state.value == _capi.EVENT_COMPLETE:
                    self._release()  # nothing to wait for, no error to fetch
                elif state.value != _capi.EVENT_PENDING:
                    self._wait_and_release()
        return self.done

    def finish(self):
        if self.done:
            return
        if self.event is None:
            owner = self._owner()
            if owner is None:  # released, not covered: wait for the queue
                with self.lock:
                    queue = self.cover
                    if not self.done and type(queue) is int:
                        _lib.kiln_queue_finish(queue)
            elif owner is not self:
                owner.finish()
            if self.event is None:
                self._drop()
                return
        with self.lock:
            if not self.done:
                self._wait_and_release()

    def _wait_and_release(self):
        status = _lib.kiln_event_wait(self.event)
        if status != _capi.OK:
            self.error = KernelError(str(_capi.fail(status, "kernel")))
        self._release()

    def _release(self):
        _lib.kiln_event_release(self.event)
        self.event = self.objects = None
        self.done = True

    def _drop(self):
        """Complete after its covering launch: no handle of its own, no
        error to fetch (nothing held its events to ask)."""
        self.objects = self.cover = None
        self.done = True


_FREE = _free_references()
