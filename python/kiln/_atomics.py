"""`AtomicRef` (spec §5, numba-dpex's signature) and `atomic_fence`. The
simulator makes each operation atomic with one lock; every memory order
and scope is accepted and gives sequential consistency."""

import threading

from . import _dtypes
from ._enums import AddressSpace, MemoryOrder, MemoryScope

_lock = threading.Lock()
_ATOMIC_TYPES = ("int32", "int64", "uint32", "uint64", "float32", "float64")


def _element_index(ref, index):
    if isinstance(index, tuple):
        if len(index) != ref.ndim:
            raise IndexError(f"AtomicRef: index {index} has {len(index)} "
                             f"indices for an array of {ref.ndim} dimensions")
        return tuple(int(i) for i in index)
    if ref.ndim != 1:
        raise IndexError(f"AtomicRef: an array of {ref.ndim} dimensions needs "
                         "a tuple index")
    return int(index)


class AtomicRef:
    """An atomic reference to `ref[index]`."""

    __slots__ = ("_ref", "_index", "_dtype")

    def __init__(self, ref, index=0, memory_order=MemoryOrder.RELAXED,
                 memory_scope=MemoryScope.DEVICE,
                 address_space=AddressSpace.GLOBAL):
        dtype = _dtypes.of_value(ref) if hasattr(ref, "ndim") else None
        if dtype is None:
            raise TypeError(f"AtomicRef: ref must be an array, got "
                            f"{type(ref).__name__}")
        if dtype.name not in _ATOMIC_TYPES:
            raise TypeError(f"AtomicRef: element type {dtype.name} has no "
                            f"atomics (use one of {', '.join(_ATOMIC_TYPES)})")
        self._ref = ref
        self._index = _element_index(ref, index)
        self._dtype = dtype

    def _rmw(self, combine, value):
        value = self._dtype(value)
        with _lock:
            old = self._ref[self._index]
            self._ref[self._index] = combine(old, value)
        return old

    def _integer_only(self, what):
        if self._dtype.kind == "f":
            raise TypeError(f"AtomicRef.{what} needs an integer element type, "
                            f"not {self._dtype.name}")

    def fetch_add(self, val):
        return self._rmw(lambda a, b: a + b, val)

    def fetch_sub(self, val):
        return self._rmw(lambda a, b: a - b, val)

    def fetch_min(self, val):
        return self._rmw(lambda a, b: b if b < a else a, val)

    def fetch_max(self, val):
        return self._rmw(lambda a, b: b if b > a else a, val)

    def fetch_and(self, val):
        self._integer_only("fetch_and")
        return self._rmw(lambda a, b: a & b, val)

    def fetch_or(self, val):
        self._integer_only("fetch_or")
        return self._rmw(lambda a, b: a | b, val)

    def fetch_xor(self, val):
        self._integer_only("fetch_xor")
        return self._rmw(lambda a, b: a ^ b, val)

    def exchange(self, val):
        return self._rmw(lambda a, b: b, val)

    def load(self):
        with _lock:
            return self._ref[self._index]

    def store(self, val):
        value = self._dtype(val)
        with _lock:
            self._ref[self._index] = value

    def compare_exchange(self, expected, desired, expected_idx=0):
        """If the element equals `expected[expected_idx]` it becomes
        `desired` (True); else `expected[expected_idx]` receives it (False)."""
        desired = self._dtype(desired)
        with _lock:
            current = self._ref[self._index]
            if current == expected[expected_idx]:
                self._ref[self._index] = desired
                return True
            expected[expected_idx] = current
            return False


def atomic_fence(memory_order, memory_scope):
    """Orders memory; the simulator's operations are already sequentially
    consistent."""
    if int(memory_order) == MemoryOrder.RELAXED:
        raise ValueError("atomic_fence: a RELAXED fence orders nothing")
