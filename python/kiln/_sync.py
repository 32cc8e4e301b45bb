"""Barriers of the simulator. Work-items of a work-group run on threads of
their own; a `GroupSync` is the barrier of a work-group or a sub-group and
the exchange that collectives and shuffles are built on.

A barrier releases when every work-item of its group still running has
arrived (a work-item that returned no longer counts, as exited threads on
a GPU), so a kernel never hangs the interpreter; a collective that a
work-item of the group did not reach is an error. A failure anywhere in
the launch aborts every waiting work-item."""

import threading

_MISSING = object()


class Aborted(Exception):
    """Another work-item of the launch failed: this one stops."""


class GroupSync:
    __slots__ = ("_lock", "_running", "_waiters", "_slots", "_launch",
                 "_exchanging", "_snapshot")

    def __init__(self, size, launch):
        self._lock = threading.Lock()
        self._running = size
        self._waiters = []  # one held lock per waiting work-item
        self._slots = [_MISSING] * size
        self._launch = launch  # has .failed (a threading.Event)
        self._exchanging = False
        self._snapshot = None

    def wait(self, exchanging=False):
        with self._lock:
            if self._launch.failed.is_set():
                raise Aborted()
            self._exchanging |= exchanging
            if len(self._waiters) + 1 >= self._running:
                self._release()
                return
            # Each waiter sleeps on a lock of its own, which the last
            # arrival releases: no wake-up contends for a shared lock.
            waiter = threading.Lock()
            waiter.acquire()
            self._waiters.append(waiter)
        # The timeout only bounds how long an abort goes unseen.
        while not waiter.acquire(timeout=0.05):
            if self._launch.failed.is_set():
                raise Aborted()

    def _release(self):
        if self._exchanging:
            # One copy of the values for the whole group, with a memo for
            # what the collectives compute from them (once, not per item).
            values = tuple(self._slots)
            missing = [i for i, v in enumerate(values) if v is _MISSING]
            self._snapshot = (values, {}, missing)
            self._exchanging = False
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            waiter.release()

    def leave(self):
        """The calling work-item returned from the kernel."""
        with self._lock:
            self._running -= 1
            if self._waiters and len(self._waiters) >= self._running:
                self._release()

    def exchange(self, index, value, what):
        """Every work-item's `value`, in order of `index`, and a memo dict
        shared by the group for results computed from them."""
        self._slots[index] = value
        self.wait(exchanging=True)
        values, memo, missing = self._snapshot
        self.wait()
        self._slots[index] = _MISSING
        if missing:
            raise RuntimeError(
                f"{what}: work-item(s) {missing} of the group did not reach "
                "this collective (it was called in non-uniform control flow, "
                "which the spec leaves undefined)")
        return values, memo


class NoSync:
    """The group of a work-item run without threads (the kernel was seen not
    to synchronise); a group of one work-item needs none either."""

    __slots__ = ("_size",)

    def __init__(self, size):
        self._size = size

    def _check(self, what):
        if self._size > 1:
            raise RuntimeError(
                f"kiln simulator: {what} reached in a kernel run without "
                "work-group threads (the simulator did not see that it "
                "synchronises; name the barrier or collective directly in "
                "the kernel or a device function it calls)")

    def wait(self):
        self._check("a barrier")

    def leave(self):
        pass

    def exchange(self, index, value, what):
        self._check(what)
        return (value,), {}
