"""numba-dpex's memory enums, IntEnums with its (DPC++'s) numbers, which the
compiler also gives them when used as values (docs/language.md §10)."""

from enum import IntEnum


class MemoryOrder(IntEnum):
    RELAXED = 0
    ACQUIRE = 1
    CONSUME_UNSUPPORTED = 2
    RELEASE = 3
    ACQ_REL = 4
    SEQ_CST = 5


class MemoryScope(IntEnum):
    WORK_ITEM = 0
    SUB_GROUP = 1
    WORK_GROUP = 2
    DEVICE = 3
    SYSTEM = 4


class AddressSpace(IntEnum):
    PRIVATE = 0
    GLOBAL = 1
    CONSTANT = 2
    LOCAL = 3
    GENERIC = 4
