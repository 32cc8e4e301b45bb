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
holds the objects passed until the package sees the kernel complete, as
_host_tasks.Launch does for launches with copies: with its device event
(`_Submitted`), or, where launches go without events (launch groups,
below), its group, until the group's marker completes (`_Group`).

Errors are the general path's: a value out of its parameter's range is a
ValueError naming the parameter (worded here for both ways), a failed
submission a ValueError or KernelError with the runtime's message."""

import collections
import ctypes
import os
import struct
import threading

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
    name = __package__ + "._claunch"
    module = sys.modules.get(name)  # imported by `import kiln` (_launch.py)
    if module is None or not os.path.samefile(module.__file__, path):
        # Another file: its call_kernel_async (if installed) falls back, as
        # the Launchers are not of its type.
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[spec.name] = module
    if module.ARG_SIZE != _ARG_SIZE:
        return None
    module.use_library(*library_functions())
    # What the C call_kernel_async records a launch with.
    for name, value in (("submitted_events", _submitted_events),
                        ("submit_error", _submit_error), ("group_size", _GROUP)):
        module.install(name, value)
    return module


def library_functions():
    """The addresses _claunch.use_library takes: kiln_queue_submit,
    kiln_event_state, kiln_event_release, and the launch plan functions
    where the loaded library has them (event-less launches go through a
    plan, made once per C launcher; launch_plan.c)."""
    names = ["kiln_queue_submit", "kiln_event_state", "kiln_event_release"]
    plans = ["kiln_launch_plan_desc_init", "kiln_launch_plan_create",
             "kiln_launch_plan_submit", "kiln_launch_plan_release"]
    if all(hasattr(_lib, name) for name in plans):
        names += plans
    return tuple(ctypes.cast(getattr(_lib, name), ctypes.c_void_p).value
                 for name in names)


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
        if plan.tail is not None:  # its group's marker says when it is done
            self.desc.flags = _capi.LAUNCH_NO_EVENT
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
                 "entry", "default_device", "checks", "c", "tail")

    def __init__(self, kernel, queue, ndim, nd, positions, fields, device=None,
                 space_type=None):
        self.kernel, self.queue, self.ndim, self.nd = kernel, queue, ndim, nd
        # The queue's _Tail where launches go without events, else None.
        self.tail = _tail(queue) if _covers(device) else None
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

    def try_launch_now(self, index_space, args, device):
        """try_launch without dependent events (call_kernel_async's warm
        path): the record, or None (the general path decides)."""
        if device is not None and device is not self.device:
            if type(device) is not str or _opened.get(device) is not self.device:
                return None
            device = self.device
        c = self.c
        if c is None:
            if not self._matches(index_space, args, device):
                return None
            return self._launch_ctypes(index_space, args, None)
        tail = self.tail
        try:
            event = c.launch(index_space, args, device, None, tail is not None)
        except extension.ArgumentError as exc:
            raise self._argument_error(args, exc) from None
        except extension.SubmitError as exc:
            raise _submit_error(exc.args[0]) from None
        if event is None:
            return None
        if tail is None:
            return _submitted(event, args)
        group = tail.group  # tail.join, inline: the hot path
        objects = group.objects
        if objects is not None:  # else complete already: so is this launch
            objects.append(args)
            if len(objects) >= _GROUP:
                tail.close(group)
        return group

    def _launch_c(self, index_space, args, wait, device):
        tail = self.tail
        try:
            event = self.c.launch(index_space, args, device, wait or None,
                                  tail is not None)
        except extension.ArgumentError as exc:
            raise self._argument_error(args, exc) from None
        except extension.SubmitError as exc:
            raise _submit_error(exc.args[0]) from None
        if event is None:
            return None
        if tail is not None:
            return tail.join(args)
        return _submitted(event, args)

    def _launch_ctypes(self, index_space, args, dependent_events):
        wait = wait_handles(dependent_events) if dependent_events else None
        try:
            block = self.pool.pop()
        except IndexError:  # first launch, or other threads hold the others
            block = _Block(self)
        try:
            self._fill(block, index_space, args)
            status = _submit(self.queue, block.desc_ref, wait,
                             len(wait) if wait else 0, block.events_ref)
            event = block.events.device
        finally:
            self.pool.append(block)
        if status != _capi.OK:
            raise _submit_error(status)
        if self.tail is not None:
            return self.tail.join(args)
        return _submitted(event, args)

    def _matches(self, index_space, args, device):
        """Whether `args` are what picked this specialization, as the
        dispatch key would say (launcher_launch's checks, in Python)."""
        if not self.entry or type(index_space) is not self.space_type:
            return False
        dims = index_space._global if self.nd else index_space  # Ranges are tuples
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
            self.extents(block.gview, 0, *index_space._global)
            self.extents(block.lview, 0, *index_space._local)
        else:
            self.extents(block.gview, 0, *index_space)

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


# Launch groups (issue 13). On CUDA a kernel's event costs a CudaEvent and,
# when still held as the next command is enqueued, a cuEventRecord; the
# package held every launch's event until it saw the launch complete. Where
# launches "cover" each other (an in-order queue: each completes after the
# ones before it), a fast launch asks for no event at all
# (KILN_LAUNCH_NO_EVENT) and joins its queue's open group. A group is
# closed by a marker (kiln_queue_marker: one event after every launch
# submitted before it) every _GROUP launches, so that the objects passed
# are released regularly, or sooner when a launch of it is waited for,
# polled or depended on; a closed group completes, dropping its launches'
# objects, when its marker is seen complete. A launch's error is its
# group's (the marker's). The groups of a queue complete in order, so the
# check of each new marker polls the older ones from the oldest; past
# _MAX_GROUPS closed groups the oldest is waited for.
# Where: on CUDA ("auto"); on every back end with markers ("always": the
# tests, which run on the CPU device); or nowhere ("never";
# KILN_LAUNCH_COVER=0, the benchmark's "events kept" comparison). Off
# elsewhere by default: on the CPU device (PoCL) a marker costs about as
# much as a launch's own event. Read when a kernel's fast plan is made.
cover_mode = {"0": "never", "1": "always"}.get(
    os.environ.get("KILN_LAUNCH_COVER", ""), "auto")
_GROUP, _MAX_GROUPS = 256, 4
_tails = {}  # queue handle value -> its _Tail, None where it has no markers
_tails_lock = threading.Lock()


def _covers(device):
    """Whether fast launches on `device`'s queue go without events."""
    if cover_mode == "auto":
        return getattr(device, "selector", "").startswith("cuda")
    return cover_mode == "always"


def _tail(queue):
    """The _Tail of the in-order queue `queue` (a handle), made on first
    use; None where the back end has no markers (launches keep events)."""
    key = queue.value
    try:
        return _tails[key]
    except KeyError:
        pass
    with _tails_lock:
        if key not in _tails:
            marker = _capi.handle()
            if _lib.kiln_queue_marker(queue, ctypes.byref(marker)) == _capi.OK:
                _lib.kiln_event_release(marker)
                _tails[key] = _Tail(queue)
            else:
                _tails[key] = None
        return _tails[key]


def finish_tails():
    """Closes and waits for every open group (call_kernel's ordering)."""
    for tail in list(_tails.values()):
        if tail is not None:
            tail.finish()


class _Tail:
    """The groups of one in-order queue: the open one, which launches join,
    and the closed ones not yet seen complete, oldest first."""

    __slots__ = ("queue", "group", "closed", "lock")

    def __init__(self, queue):
        self.queue = queue
        self.group = _Group(self)
        self.closed = collections.deque()
        self.lock = threading.Lock()

    def join(self, args):
        """The record of a launch just submitted without an event: the open
        group, which holds `args` until its marker completes."""
        group = self.group
        objects = group.objects
        # None: the group completed (its marker, after this launch, too)
        # while this thread was between its submission and here.
        if objects is not None:
            objects.append(args)
            if len(objects) >= _GROUP:
                self.close(group)
        return group

    def close(self, group):
        """Closes `group` if it is still the open one: a new group is open
        before the marker is enqueued, so that every launch of `group` was
        submitted before its marker. Then polls the closed groups."""
        with self.lock:
            if group is not self.group:
                return
            self.group = _Group(self)
            group.mark(self.queue)
            self.closed.append(group)
            closed = self.closed
            while closed and closed[0].poll():
                closed.popleft()
            while len(closed) > _MAX_GROUPS:
                closed.popleft().finish()

    def finish(self):
        group = self.group
        if group.objects:
            self.close(group)
        while self.closed:
            self.closed.popleft().finish()


class _Group:
    """Event-less launches of one queue between two markers: the objects
    passed to each, until the marker after them is seen complete. It is
    each of its launches' record (the _launch of their CompiledEvents: they
    complete together), quacking like _host_tasks.Launch."""

    __slots__ = ("tail", "objects", "marker", "done", "error", "lock", "pair")
    times = None  # no device timestamps (profiling queues keep events)

    def __init__(self, tail):
        self.tail, self.objects = tail, []
        self.marker, self.done, self.error = None, False, None
        self.lock = threading.Lock()
        self.pair = None  # the launches' events, made at the first

    def mark(self, queue):
        """Enqueues the marker (the tail's lock held); on failure waits for
        the queue instead and completes."""
        marker = _capi.handle()
        status = _lib.kiln_queue_marker(queue, ctypes.byref(marker))
        if status == _capi.OK:
            self.marker = marker.value
            return
        status = _lib.kiln_queue_finish(queue)
        if status != _capi.OK:
            self.error = KernelError(str(_capi.fail(status, "kernel")))
        self._complete()

    def handle(self):
        """The marker, closing the group first if it is open; None once
        complete."""
        if self.marker is None and not self.done:
            self.tail.close(self)
        return None if self.done else self.marker

    @property
    def last(self):
        """The handle a launch depending on one of this group's waits for:
        its marker (the group closed now if open), or None once complete."""
        return self.handle()

    def events(self):
        """(host_event, device_event) of a launch of this group: one pair
        for all of them while it is open (they complete together, and hold
        nothing but the group), made at the first; a new pair once it is
        complete (the pair is dropped then: it and the group refer to each
        other)."""
        pair = self.pair
        if pair is None:
            pair = _event_pair(self)
            if not self.done:
                self.pair = pair
        return pair

    def poll(self):
        if self.done:
            return True
        if self.handle() is None:
            return self.done
        with self.lock:
            if self.done:
                return True
            if extension is not None:  # state and release in one C call
                state = extension.poll_event(self.marker)
                if state == _capi.EVENT_COMPLETE:  # the handle is released
                    self.marker = None
                    self._complete()
                elif state != _capi.EVENT_PENDING:
                    self._wait_and_release()
            else:
                state = ctypes.c_int()
                _lib.kiln_event_state(self.marker, ctypes.byref(state))
                if state.value != _capi.EVENT_PENDING:
                    self._wait_and_release()
        return self.done

    def finish(self):
        if self.done or self.handle() is None:
            return
        with self.lock:
            if not self.done:
                self._wait_and_release()

    def _wait_and_release(self):
        status = _lib.kiln_event_wait(self.marker)
        if status != _capi.OK:
            self.error = KernelError(str(_capi.fail(status, "kernel")))
        _lib.kiln_event_release(self.marker)
        self.marker = None
        self._complete()

    def _complete(self):
        self.objects = None  # every launch's references, at once
        self.done, self.pair = True, None


def _event_pair(record):
    """(host_event, device_event) of a fast launch: two CompiledEvents made
    without their __init__ (the profiling submit time is None, as there)."""
    new = _new_event
    host, device = new(_CompiledEvent), new(_CompiledEvent)
    host._launch = device._launch = record
    host.profiling_info_submit = device.profiling_info_submit = None
    return host, device


_CompiledEvent = _host_tasks.CompiledEvent
_new_event = object.__new__


def _submitted_events(event, args):
    """(host_event, device_event) of a fast launch submitted with its
    event (the C call_kernel_async's record where launches keep events)."""
    return _event_pair(_submitted(event, args))


def _submitted(event, args):
    """The record of a fast launch submitted with its event."""
    record = _Submitted(event, args)
    _host_tasks.track(record)
    return record


class _Submitted:
    """A fast launch until its kernel is seen complete: its device event
    and the objects passed, dropped then (the host task). Quacks like
    _host_tasks.Launch for CompiledEvent and the pending list."""

    __slots__ = ("event", "objects", "done", "error", "lock", "__weakref__")
    times = None

    def __init__(self, event, objects):
        self.event, self.objects = event, objects
        self.done, self.error = False, None
        self.lock = threading.Lock()  # one release when threads race

    @property
    def last(self):
        """The handle a launch depending on this one waits for, or None
        once it is complete."""
        return None if self.done else self.event

    def events(self):
        return _event_pair(self)

    def poll(self):
        if self.done:
            return True
        with self.lock:
            if self.done:
                return True
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
