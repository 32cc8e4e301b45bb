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
    __slots__ = ("_cond", "_size", "_running", "_arrived", "_generation",
                 "_slots", "_launch")

    def __init__(self, size, launch):
        self._cond = threading.Condition()
        self._size = size
        self._running = size
        self._arrived = 0
        self._generation = 0
        self._slots = [_MISSING] * size
        self._launch = launch  # has .failed (a threading.Event)

    def wait(self):
        with self._cond:
            if self._launch.failed.is_set():
                raise Aborted()
            generation = self._generation
            self._arrived += 1
            if self._arrived >= self._running:
                self._release()
                return
            while generation == self._generation:
                # The timeout only bounds how long an abort goes unseen.
                self._cond.wait(0.05)
                if self._launch.failed.is_set():
                    raise Aborted()

    def _release(self):
        self._arrived = 0
        self._generation += 1
        self._cond.notify_all()

    def leave(self):
        """The calling work-item returned from the kernel."""
        with self._cond:
            self._running -= 1
            if self._arrived and self._arrived >= self._running:
                self._release()

    def exchange(self, index, value, what):
        """Every work-item's `value`, in order of `index`."""
        self._slots[index] = value
        self.wait()
        values = list(self._slots)
        self.wait()
        self._slots[index] = _MISSING
        if any(v is _MISSING for v in values):
            missing = [i for i, v in enumerate(values) if v is _MISSING]
            raise RuntimeError(
                f"{what}: work-item(s) {missing} of the group did not reach "
                "this collective (it was called in non-uniform control flow, "
                "which the spec leaves undefined)")
        return values


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
        return [value]
