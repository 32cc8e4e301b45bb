"""Local and private memory of the simulator (spec §5). A work-item's
context (its work-group's shared state and its own private arrays) is
thread-local while the simulator runs it. Allocations are hoisted as the
compiler hoists them (docs/language.md §4.1): one call site gives the same
array every time it runs — shared by the work-group for `local_array`,
per work-item for `private_array` — so contents persist across loop
iterations. The simulator zero-fills new arrays (devices leave them
undefined)."""

import sys
import threading

from . import _annotations
from . import _dtypes

_current = threading.local()


class GroupState:
    """What the work-items of one work-group share."""

    __slots__ = ("local", "lock", "sync", "sub_syncs", "left")

    def __init__(self, sync, sub_syncs):
        self.local = {}
        self.lock = threading.Lock()
        self.sync = sync
        self.sub_syncs = sub_syncs
        self.left = 0


class WorkItemContext:
    __slots__ = ("group", "private")

    def __init__(self, group):
        self.group = group
        self.private = {}


def enter(context):
    _current.context = context


def leave():
    _current.context = None


def _context():
    return getattr(_current, "context", None)


def _allocate(shape, dtype, what):
    shape = _annotations.normalize_shape(shape, what)
    dtype = _annotations.scalar_dtype(dtype, what)
    return _dtypes.np().zeros(shape, dtype.dtype)


def local_array(shape, dtype):
    """Static work-group local memory of constant `shape` (kernels only)."""
    context = _context()
    if context is None:
        raise RuntimeError("local_array can only be called in a kernel run by "
                           "kiln.call_kernel")
    frame = sys._getframe(1)
    key = (frame.f_code, frame.f_lasti)
    group = context.group
    with group.lock:
        array = group.local.get(key)
        if array is None:
            array = group.local[key] = _allocate(shape, dtype, "local_array")
    return array


def private_array_at_caller(shape, dtype, fill_zeros, depth):
    context = _context()
    if context is None:
        return _allocate(shape, dtype, "private_array")
    frame = sys._getframe(depth)
    key = (frame.f_code, frame.f_lasti)
    array = context.private.get(key)
    if array is None:
        array = context.private[key] = _allocate(shape, dtype, "private_array")
    elif fill_zeros:
        array.fill(0)
    return array


def private_array(shape, dtype):
    """A per-work-item array of constant `shape`."""
    return private_array_at_caller(shape, dtype, False, depth=2)
