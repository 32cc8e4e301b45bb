"""Kiln from Python: numba-dpex's kernel API (`kiln.kernel`,
`kiln.call_kernel`, `kiln.kernel_api`) over Kiln's compiler and runtime.

`from kiln import *` gives every name kernels use in annotations and
bodies. Launches are compiled for a device (`kiln.devices()`,
`kiln.Device("cpu" | "cuda:0" | ...)`; the CPU device by default) or run
in the pure-Python simulator (`device="python"` or `KILN_SIMULATE=1`); see
docs/python.md. NumPy and the compiler's library are loaded on first use,
not here.
"""

from ._dtypes import SCALARS as _SCALARS, ALIASES as _ALIASES, by_name as _by_name
from ._annotations import Array, Constant, LocalAccessor, PrivateArray
from ._enums import AddressSpace, MemoryOrder, MemoryScope
from ._ranges import NdRange, Range
from ._index import Group, Item, NdItem, SubGroup
from ._memory import local_array, private_array
from ._atomics import AtomicRef, atomic_fence
from ._collectives import (group_barrier, group_broadcast, group_exclusive_scan,
                           group_inclusive_scan, group_reduce, sub_group_barrier,
                           sub_group_reduce)
from ._simmath import fma, rsqrt, select
from ._decorators import DeviceFunction, Kernel, device_func, kernel
from ._launch import call_kernel, installed_call_kernel_async as _entry
call_kernel_async = _entry()  # in C where kiln._claunch is built (_launch.py)
del _entry
from ._events import Event, EventStatus
from ._errors import CompileError, CompileWarningError, KernelError, KilnWarning
from ._devices import Device, Queue, devices
from ._launchers import Launcher, ListLauncher
from ._array import DeviceArray, asarray, empty, from_dlpack, zeros
from . import kernel_api

__version__ = "0.1.0"

for _t in _SCALARS:
    globals()[_t.name] = _t
for _alias, _name in _ALIASES.items():
    if _alias != "bool_":
        globals()[_alias] = _by_name(_name)
bool_ = _by_name("bool")
del _t, _alias, _name

__all__ = [
    # decorators and launches
    "kernel", "device_func", "call_kernel", "call_kernel_async",
    "Range", "NdRange", "Event", "EventStatus", "KernelError", "CompileError",
    "KilnWarning", "CompileWarningError",
    "Device", "Queue", "devices", "Launcher", "ListLauncher",
    # device arrays
    "DeviceArray", "asarray", "empty", "zeros", "from_dlpack",
    # index space
    "Item", "NdItem", "Group", "SubGroup",
    # memory and annotations
    "Array", "LocalAccessor", "PrivateArray", "Constant", "local_array",
    "private_array",
    # synchronisation and atomics
    "group_barrier", "sub_group_barrier", "atomic_fence", "AtomicRef",
    "MemoryOrder", "MemoryScope", "AddressSpace",
    # collectives
    "group_reduce", "group_broadcast", "group_inclusive_scan",
    "group_exclusive_scan", "sub_group_reduce",
    # builtins beyond math
    "fma", "rsqrt", "select",
] + [t.name for t in _SCALARS] + [a for a in _ALIASES if a != "bool_"] + ["bool_"]
