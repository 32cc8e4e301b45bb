"""Events of asynchronous launches (spec §8): `wait()`, a completion query
and profiling timestamps in nanoseconds (numba-dpex's dpctl event names).
A failed event passes its error to every launch and `wait()` that depends
on it."""

import enum
import threading
import time

from ._errors import KernelError


class EventStatus(enum.Enum):
    SUBMITTED = "submitted"
    RUNNING = "running"
    COMPLETE = "complete"


class Event:
    """Completion of a launch (device event) or of its host task, which
    releases the launch's references to the Python objects passed to it
    (host event)."""

    __slots__ = ("_done", "_error", "_status", "profiling_info_submit",
                 "profiling_info_start", "profiling_info_end", "__weakref__")

    def __init__(self):
        self._done = threading.Event()
        self._error = None
        self._status = EventStatus.SUBMITTED
        self.profiling_info_submit = time.perf_counter_ns()
        self.profiling_info_start = None
        self.profiling_info_end = None

    def _start(self):
        self._status = EventStatus.RUNNING
        self.profiling_info_start = time.perf_counter_ns()

    def _finish(self, error=None):
        self._error = error
        self.profiling_info_end = time.perf_counter_ns()
        self._status = EventStatus.COMPLETE
        self._done.set()

    def _settle(self):
        """Waits without raising; the launch's error or None (what a launch
        that depends on this event needs)."""
        self._done.wait()
        return self._error

    def wait(self, timeout=None):
        """Blocks until complete; raises the launch's KernelError if it
        failed. With a timeout, returns False if it has not completed."""
        if not self._done.wait(timeout):
            return False
        if self._error is not None:
            raise KernelError(str(self._error)) from (
                self._error.__cause__ or self._error)
        return True

    def is_complete(self):
        return self._done.is_set()

    @property
    def execution_status(self):
        return self._status

    @property
    def failed(self):
        return self._done.is_set() and self._error is not None

    def __repr__(self):
        return f"<kiln.Event {self.execution_status.value}>"


def completed():
    event = Event()
    event._start()
    event._finish()
    return event
