"""The commands of one compiled launch and its host task: the package
keeps the launch's buffers, runtime events and the Python objects passed
until its last command completes, then drops them and completes the host
event. The check runs on the launching thread (every few launches, and in
`wait()` and `is_complete()` of the launch's events), never on a helper
thread, which would take the interpreter lock from the launching thread
at each completion. The commands of one launch (copies in, kernel, copies
back) are in order on one queue; the first waits for the dependent
events, and the launch's device event is its last command's, so a launch
that depends on it reads the arrays with the results in them. Only the
arrays the kernel may write (the kernel metadata's access) are copied
back. On an out-of-order queue the commands wait for each other
explicitly; on a profiling queue the kernel's device timestamps are kept
for the launch's events."""

import collections
import ctypes
import threading
import time

from . import _capi
from ._errors import KernelError
from ._events import Event, EventStatus

_lib = None
# Arrays copied back from the device since the process started: what
# test_compiled_access.py counts to see read-only arrays are not.
copies_back = 0


def use(lib):
    """Sets the loaded C library (by _compiled, before the first launch)."""
    global _lib
    _lib = lib


class Launch:
    """The buffers, events and Python objects of one launch, kept until
    its last command completes."""

    __slots__ = ("device", "queue", "wait", "nwait", "objects", "buffers",
                 "events", "reads", "kernel_event", "last", "done", "error",
                 "lock", "chain", "profiling", "times", "views")

    def __init__(self, device, wait, objects, queue=None):
        """`queue`: a kiln.Queue (kept alive with the launch), else the
        device's in-order queue."""
        self.device, self.objects = device, objects
        if queue is None:
            self.queue, self.chain, self.profiling = device.queue, False, False
        else:
            self.queue, self.chain = queue._handle, not queue.in_order
            self.profiling = queue.profiling
            self.objects = (objects, queue)
        self.times = None
        self.lock = threading.Lock()  # one finish() when threads race
        self.nwait = len(wait)
        self.wait = (_capi.handle * self.nwait)(*wait) if wait else None
        self.buffers, self.events, self.reads = [], [], []
        self.views = []  # [low, high, buffer, copied back] per device span
        self.kernel_event = self.last = None
        self.done, self.error = False, None

    def upload(self, array, writes=True):
        """A new device buffer holding `array`, copied back after the kernel
        when `writes` (the kernel may write it)."""
        buffer = _capi.handle()
        nbytes = array.nbytes
        _capi.check(_lib.kiln_buffer_create(
            self.device._handle, max(nbytes, 1), ctypes.byref(buffer)),
            "allocating a device buffer")
        self.buffers.append(buffer)
        if nbytes:
            self._command(_lib.kiln_buffer_write_async, buffer,
                          array.ctypes.data, nbytes, "copying an array in")
            if writes:
                self.reads.append((buffer, array, nbytes))
        return buffer

    def group_views(self, arrays):
        """Merges the byte spans of the strided NumPy arrays among `arrays`
        that overlap (views of one array: `a[::2]` and `a[1::2]`), so that
        upload_view gives them one device buffer: a write through one view
        lands where the other reads, as NumPy's views alias."""
        spans = sorted(view_span(a) for a in arrays if is_view(a))
        merged = []
        for low, high in spans:
            if merged and low < merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], high)
            else:
                merged.append([low, high, None, False])
        self.views.extend(merged)

    def upload_view(self, array, writes=True):
        """(buffer, element offset) of a strided NumPy array: the bytes its
        elements span, copied into a device buffer (that of an overlapping
        view of this launch, see group_views), and back after the kernel
        when `writes`; the offset is where its element [0, ...] lies in the
        buffer, in elements. The bytes between its elements go to the
        device and come back unchanged."""
        low, high = view_span(array)
        data, itemsize = array.ctypes.data, array.itemsize
        group = next((g for g in self.views if g[0] <= low and high <= g[1]
                      and (data - g[0]) % itemsize == 0), None)
        if group is None:
            group = [low, high, None, False]
            self.views.append(group)
        nbytes = group[1] - group[0]
        if group[2] is None:
            buffer = _capi.handle()
            _capi.check(_lib.kiln_buffer_create(
                self.device._handle, max(nbytes, 1), ctypes.byref(buffer)),
                "allocating a device buffer")
            self.buffers.append(buffer)
            group[2] = buffer
            if nbytes:
                self._command(_lib.kiln_buffer_write_async, buffer, group[0],
                              nbytes, "copying an array in")
        # Memory NumPy says is read-only (a broadcast view) is not written.
        if writes and nbytes and array.flags.writeable and not group[3]:
            group[3] = True
            self.reads.append((group[2], group[0], nbytes))
        return group[2], (data - group[0]) // itemsize

    def _command(self, call, buffer, data, nbytes, what, wait=None, nwait=None):
        event = _capi.handle()
        if nwait is None:
            wait, nwait = self.wait, self.nwait
        status = call(self.queue, buffer, 0, data, nbytes, wait, nwait,
                      ctypes.byref(event))
        _capi.check(status, what)
        self.events.append(event)

    def _kernel_wait(self):
        """What the kernel waits for: on an in-order queue the copies in
        are before it already (or, without any, the dependent events)."""
        if not self.chain:
            return (None, 0) if self.events else (self.wait, self.nwait)
        wait = list(self.events) + (list(self.wait) if self.wait else [])
        return (_capi.handle * len(wait))(*wait) if wait else None, len(wait)

    def submit(self, desc):
        wait, nwait = self._kernel_wait()
        events = _capi.LaunchEvents(struct_size=ctypes.sizeof(_capi.LaunchEvents))
        status = _lib.kiln_queue_submit(self.queue, ctypes.byref(desc), wait,
                                        nwait, ctypes.byref(events))
        if status != _capi.OK:
            error = _capi.fail(status, "launch")
            self.finish()
            raise (ValueError if status == _capi.INVALID_ARGUMENT
                   else KernelError)(str(error))
        self.after_kernel(events.device)

    def after_kernel(self, event):
        """Takes the kernel's event (a kiln_event_t the launch releases)
        and copies the written arrays back after it."""
        global copies_back
        self.kernel_event = self.last = event
        self.wait, self.nwait = None, 0
        wait = (_capi.handle * 1)(event) if self.chain else None
        for buffer, array, nbytes in self.reads:
            # An address: a view's span (upload_view); the launch's objects
            # keep its array alive.
            data = array if isinstance(array, int) else array.ctypes.data
            self._command(_lib.kiln_buffer_read_async, buffer, data,
                          nbytes, "copying an array back", wait, 1 if wait else 0)
            self.last = self.events[-1]
            copies_back += 1
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
        if self.profiling and self.kernel_event and self.error is None:
            start, end = ctypes.c_uint64(), ctypes.c_uint64()
            _capi.check(_lib.kiln_event_profiling_times(
                self.kernel_event, ctypes.byref(start), ctypes.byref(end)),
                "profiling times")
            self.times = (start.value, end.value)
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


def is_view(value):
    """A NumPy array that is not C-contiguous (a strided view), which
    kernels take with its strides."""
    from . import _dtypes
    return (isinstance(value, _dtypes.np().ndarray)
            and not value.flags.c_contiguous)


def view_span(array):
    """The bytes [low, high) a NumPy array's elements lie in (its strides
    may be negative: `a[::-1]` starts at its highest address)."""
    low = high = array.ctypes.data
    if array.size == 0:
        return low, high
    for extent, stride in zip(array.shape, array.strides):
        reach = (extent - 1) * stride
        if reach < 0:
            low += reach
        else:
            high += reach
    return low, high + array.itemsize


def track(launch):
    """Keeps a submitted launch until it is checked complete."""
    _reap()
    _pending.append(launch)


def finish_all():
    """Waits for every compiled launch (call_kernel's ordering with earlier
    asynchronous launches), those of launch groups too (_fastlaunch)."""
    from . import _fastlaunch
    _fastlaunch.finish_tails()
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

    def __init__(self, launch):
        # Not the base's __init__: the launch, not a threading.Event, says
        # when it is done.
        self._launch = launch
        self.profiling_info_submit = None

    # The kernel's device timestamps (ns, one device clock) once the launch
    # is complete on a profiling kiln.Queue; None before and elsewhere.
    @property
    def profiling_info_start(self):
        times = self._launch.times if self._launch.poll() else None
        return times[0] if times else None

    @property
    def profiling_info_end(self):
        times = self._launch.times if self._launch.poll() else None
        return times[1] if times else None

    def _settle(self):
        self._launch.finish()
        return self._launch.error

    def wait(self, timeout=None):
        if timeout is not None:
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


def events(launch):
    """(host_event, device_event) of a launch."""
    return CompiledEvent(launch), CompiledEvent(launch)
