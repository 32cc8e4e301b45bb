"""`kiln.kernel_api` mirrors `numba_dpex.kernel_api`: the same names and
signatures, so `from kiln import kernel_api as kapi` replaces
`from numba_dpex import kernel_api as kapi` (plus Kiln's sub-groups and
collectives)."""

from ._annotations import LocalAccessor, PrivateArray
from ._atomics import AtomicRef, atomic_fence
from ._collectives import (group_barrier, group_broadcast, group_exclusive_scan,
                           group_inclusive_scan, group_reduce, sub_group_barrier,
                           sub_group_reduce)
from ._enums import AddressSpace, MemoryOrder, MemoryScope
from ._index import Group, Item, NdItem, SubGroup
from ._launch import call_kernel
from ._ranges import NdRange, Range

__all__ = [
    "AddressSpace", "atomic_fence", "AtomicRef", "call_kernel", "Group",
    "group_barrier", "Item", "LocalAccessor", "MemoryOrder", "MemoryScope",
    "NdItem", "NdRange", "PrivateArray", "Range",
    # Kiln's additions
    "SubGroup", "sub_group_barrier", "group_reduce", "group_broadcast",
    "group_inclusive_scan", "group_exclusive_scan", "sub_group_reduce",
]
