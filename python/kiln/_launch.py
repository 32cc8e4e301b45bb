"""`call_kernel` and `call_kernel_async` (numba-dpex's launch functions,
spec §8). Arguments are checked before anything runs. Where a launch runs:
`device="python"` or `KILN_SIMULATE=1` selects the simulator; otherwise
the kernel is compiled for the device (`device=` a kiln.Device or its
selector, by default the CPU device) and launched there (_compiled.py).

Asynchronous launches in the simulator run in submission order on one
worker thread (an in-order queue) after their dependent events; the host
event completes after the device event, once the worker has dropped its
references to the kernel and its arguments."""

import os
import queue
import threading

from . import _arguments
from ._decorators import Kernel
from ._errors import KernelError
from ._events import Event

_SIMULATOR = "python"


# os.environ's own mapping (encoded names, kept current by os.environ and
# os.putenv's callers through it): a lookup costs 0.05 us, os.environ.get
# 0.5 us, at every launch without device= (issue 13).
_environ = getattr(os.environ, "_data", None)
_SIMULATE_KEY = os.fsencode("KILN_SIMULATE") if os.name == "posix" else None


def _simulated(device):
    if device is None:
        if _environ is not None and _SIMULATE_KEY is not None:
            value = _environ.get(_SIMULATE_KEY)
            return value is not None and value not in (b"", b"0")
        return os.environ.get("KILN_SIMULATE", "") not in ("", "0")
    return isinstance(device, str) and device == _SIMULATOR


def _check_kernel(kernel):
    if not isinstance(kernel, Kernel):
        raise TypeError("the first argument must be a @kiln.kernel function, "
                        f"got {type(kernel).__name__}")


def _check_events(dependent_events):
    if not dependent_events and type(dependent_events) in (list, tuple):
        return  # the common case, checked without a generator
    if not isinstance(dependent_events, (list, tuple)) or not all(
            isinstance(e, Event) for e in dependent_events):
        raise TypeError("dependent_events must be a list of kiln events "
                        "(returned by call_kernel_async)")


def _plain_kernel(func, device, queue, nargs):
    """`call_kernel(f, ...)` on an undecorated function: numba-dpex's
    kernel_api.call_kernel runs it in pure Python over the index space, so
    Kiln runs it in the simulator, as a Kernel made for this launch (its
    arguments checked as a kernel's). As numba-dpex's, it must take the
    work-item first and then one parameter per argument."""
    import inspect
    if not inspect.isfunction(func):
        raise TypeError("the first argument must be a @kiln.kernel function "
                        "(or an undecorated Python function, which runs in "
                        f"the simulator), got {type(func).__name__}")
    if queue is not None or not (device is None or (
            isinstance(device, str) and device == _SIMULATOR)):
        raise ValueError(f"'{func.__name__}' is not a @kiln.kernel: an "
                         "undecorated function runs in the simulator only "
                         "(device='python'); decorate it with @kiln.kernel to "
                         "launch it compiled")
    kernel = Kernel(func, {})
    params = _arguments.parameters(kernel)
    if len(params) != nargs + 1:
        names = ", ".join(p.name for p in params) or "none"
        raise TypeError(f"'{func.__name__}' is not a @kiln.kernel: an "
                        "undecorated function takes the work-item, then one "
                        f"parameter per argument; it has {len(params)} "
                        f"parameter(s) ({names}) for {nargs} argument(s)")
    return kernel


def _prepare(kernel, index_space, args):
    _check_kernel(kernel)
    return _arguments.bind(kernel, index_space, args)


class _Worker:
    """The simulator's in-order queue."""

    def __init__(self):
        self._queue = queue.Queue()
        self._thread = None
        self._lock = threading.Lock()
        self.last = None  # host event of the last submission

    def submit(self, task):
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, daemon=True,
                                                name="kiln-simulator")
                self._thread.start()
            self.last = task[-1]
            self._queue.put(task)

    def _loop(self):
        while True:
            _run_task(self._queue.get())


_worker = _Worker()


def _run_task(task):
    from . import _simulate
    kernel, index_space, binding, dependents, device_event, host_event = task
    task.clear()  # the list is the queue's only reference to the objects
    error = None
    for dep in dependents:
        failure = dep._settle()
        if failure is not None and error is None:
            error = KernelError(f"kernel '{kernel.__name__}' was not run: an "
                                f"event it depends on failed: {failure}")
            error.__cause__ = failure
    device_event._start()
    if error is None:
        try:
            _simulate.run(kernel, index_space, binding)
        except Exception as exc:
            error = exc
    device_event._finish(error)
    host_event._start()
    # The host task: drop the references to everything passed.
    del kernel, index_space, binding, dependents
    host_event._finish(error)


_modules = None


def _compiled_modules():
    """_compiled and _host_tasks, imported at the first compiled launch
    (not at `import kiln`: they bring ctypes) and kept, so that a launch
    does not pay an import statement's lookups."""
    global _modules
    if _modules is None:
        from . import _compiled, _host_tasks
        _modules = (_compiled, _host_tasks)
    return _modules


def _compiled_on_queue(device, queue):
    """Whether a launch with `queue=` runs compiled: a kiln.Queue always
    does (even under KILN_SIMULATE=1); with device="python" it is an
    error."""
    if queue is None:
        return False
    if isinstance(device, str) and device == _SIMULATOR:
        raise ValueError("queue= is for compiled launches; device='python' "
                         "runs the simulator, which has no queues")
    return True


def call_kernel(kernel, index_space, *args, device=None, queue=None):
    """Runs `kernel` over `index_space` with `args` and waits for it (and
    for the launches submitted before it). An undecorated function runs
    in the simulator (numba-dpex's kernel_api.call_kernel)."""
    if not isinstance(kernel, Kernel):
        kernel, device = _plain_kernel(kernel, device, queue, len(args)), _SIMULATOR
    if _compiled_on_queue(device, queue) or not _simulated(device):
        compiled, host_tasks = _compiled_modules()
        _check_kernel(kernel)
        launch = compiled.launch(kernel, index_space, (), args, device, queue)
        host_tasks.finish_all()
        if launch.error is not None:
            raise launch.error
        return
    from . import _simulate
    binding = _prepare(kernel, index_space, args)
    pending = _worker.last
    if pending is not None:
        pending._done.wait()
    _simulate.run(kernel, index_space, binding)


def call_kernel_async(kernel, index_space, dependent_events, *args, device=None,
                      queue=None):
    """Submits `kernel` after `dependent_events`; returns (host_event,
    device_event)."""
    # The warm launch (issue 13): nothing to wait for, and the kernel's last
    # fast plan (_fastlaunch.py) takes these arguments. It checks them all
    # (a Kernel has a plan only once compiled; the plan returns None for
    # arguments that are not its specialization's).
    if queue is None and not dependent_events and type(dependent_events) in (
            list, tuple) and isinstance(kernel, Kernel):
        entry = kernel.__dict__.get("_fast_entry")
        if entry is not None and not _simulated(device):
            record = entry.try_launch_now(index_space, args, device)
            if record is not None:
                return record.events()
    if not isinstance(kernel, Kernel):  # as call_kernel: the simulator
        kernel, device = _plain_kernel(kernel, device, queue, len(args)), _SIMULATOR
    if _compiled_on_queue(device, queue) or not _simulated(device):
        compiled, host_tasks = _compiled_modules()
        _check_kernel(kernel)
        _check_events(dependent_events)
        launch = compiled.launch(kernel, index_space, dependent_events, args,
                                 device, queue)
        return host_tasks.events(launch)
    binding = _prepare(kernel, index_space, args)
    _check_events(dependent_events)
    device_event, host_event = Event(), Event()
    _worker.submit([kernel, index_space, binding, list(dependent_events),
                    device_event, host_event])
    return host_event, device_event


def installed_call_kernel_async():
    """`kiln.call_kernel_async`: the C entry of kiln._claunch
    (python/lib/launch_entry.c) where the extension sits in this package
    (the build's python/kiln) and KILN_LAUNCH_EXTENSION is not 0, else
    the function above. The C entry launches a warm call with nothing to
    wait for and no queue= through the kernel's entry plan without a
    Python frame; every other call it passes to the function above."""
    if os.environ.get("KILN_LAUNCH_EXTENSION", "1") == "0":
        return call_kernel_async
    try:
        from . import _claunch
    except ImportError:  # not built (no Python headers), or run from source
        return call_kernel_async
    from ._devices import _opened
    for name, value in (("fallback", call_kernel_async), ("kernel_type", Kernel),
                        ("environ", _environ), ("simulate_key", _SIMULATE_KEY),
                        ("opened", _opened)):
        _claunch.install(name, value)
    return _claunch.call_kernel_async
