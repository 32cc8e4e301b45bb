"""The warm launch's hot path (issue 13): a specialization whose
arguments are all scalars or local accessors (nothing to upload) launches
through C structs built once and reused, a `kiln_queue_submit` call and
one small record per launch.

What a launch of `_compiled._Specialization.launch` builds each time (the
kiln_arg_t array with every kind, dtype and rank, the descriptor, the
range arrays, the events struct, the byref wrappers) is built here once
per specialization into a `_Block`; a launch writes only what changes:
the range extents and each argument's value, one `struct.pack_into` per
argument at its offset in the array (the kinds, dtypes and ranks stay).
The C side reads the arguments during the call only, so a block is reused
as soon as the call returns; a pool keeps one per thread launching at
the same time. A launch's record (`_Submitted`) holds its device event
and the objects passed until the package sees the kernel complete, as
_host_tasks.Launch does for launches with copies.

Errors are the slow path's: a value out of its parameter's range is a
ValueError naming the parameter, a failed submission a ValueError or
KernelError with the runtime's message."""

import ctypes
import struct
import threading

from . import _capi, _host_tasks
from ._errors import KernelError
from ._ranges import NdRange

_ARG_SIZE = ctypes.sizeof(_capi.Arg)
_VALUE = _capi.Arg.value.offset
_SHAPE = _capi.Arg.shape.offset

_lib = None
# kiln_queue_submit, read at each launch: bench/python/launch_overhead.py
# replaces it by a timing wrapper to split the Python side from the C call.
_submit = None


def use(lib):
    """Sets the loaded C library (by _compiled, before the first launch)."""
    global _lib, _submit
    _lib, _submit = lib, lib.kiln_queue_submit


class Field:
    """How one kernel parameter is written into its kiln_arg_t: the
    constant part (kind, dtype, rank) and the per-launch part (a scalar's
    value at _VALUE with `fmt`, converted by `convert` first if set; a
    local accessor's extents at _SHAPE)."""

    __slots__ = ("name", "kind", "dtype", "dtype_name", "rank", "fmt", "convert")

    def __init__(self, name, kind, dtype, dtype_name, rank=0, fmt=None,
                 convert=None):
        self.name, self.kind, self.dtype, self.dtype_name = name, kind, dtype, dtype_name
        self.rank, self.fmt, self.convert = rank, fmt, convert

    def writer(self, j):
        """(write(view, offset, value), offset) for parameter j's value."""
        base = j * _ARG_SIZE
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
    parameter order, where each comes from in the launch's arguments, and
    a pool of blocks."""

    __slots__ = ("kernel", "queue", "ndim", "nd", "fields", "writers", "extents",
                 "pool")

    def __init__(self, kernel, queue, ndim, nd, positions, fields):
        self.kernel, self.queue, self.ndim, self.nd = kernel, queue, ndim, nd
        self.fields = fields
        self.writers = tuple((*f.writer(j), i) for j, (i, f)
                             in enumerate(zip(positions, fields)))
        self.extents = struct.Struct(f"<{ndim}q").pack_into
        self.pool = []

    def launch(self, index_space, args, dependent_events):
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
            error = _capi.fail(status, "launch")
            raise (ValueError if status == _capi.INVALID_ARGUMENT
                   else KernelError)(str(error))
        record = _Submitted(event, args)
        _host_tasks.track(record)
        return record

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
        """The ValueError naming the parameter whose value did not pack."""
        scratch = memoryview(bytearray(_ARG_SIZE * len(self.fields)))
        for (write, offset, i), field in zip(self.writers, self.fields):
            try:
                write(scratch, offset, args[i])
            except (struct.error, OverflowError) as one:
                return ValueError(f"parameter '{field.name}': {args[i]!r} does "
                                  f"not fit in {field.dtype_name} ({one})")
        return ValueError(str(exc))


def wait_handles(dependent_events):
    """The runtime events a launch waits for, as a C array (None when
    none is pending). A simulator event is waited for here; its failure is
    the launch's KernelError."""
    wait = []
    for event in dependent_events:
        if isinstance(event, _host_tasks.CompiledEvent):
            if not event._launch.done:
                wait.append(event._launch.last)
        else:
            error = event._settle()
            if error is not None:
                raise KernelError(f"an event the launch depends on failed: "
                                  f"{error}") from error
    return (_capi.handle * len(wait))(*wait) if wait else None


class _Submitted:
    """A fast launch until its kernel is seen complete: its device event
    and the objects passed, dropped then (the host task). Quacks like
    _host_tasks.Launch for CompiledEvent and the pending list."""

    __slots__ = ("last", "objects", "done", "error", "lock")

    def __init__(self, event, objects):
        self.last, self.objects = event, objects
        self.done, self.error = False, None
        self.lock = threading.Lock()  # one release when threads race

    def poll(self):
        if self.done:
            return True
        with self.lock:
            if not self.done:
                state = ctypes.c_int()
                _lib.kiln_event_state(self.last, ctypes.byref(state))
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
        status = _lib.kiln_event_wait(self.last)
        if status != _capi.OK:
            self.error = KernelError(str(_capi.fail(status, "kernel")))
        self._release()

    def _release(self):
        _lib.kiln_event_release(self.last)
        self.last = self.objects = None
        self.done = True
