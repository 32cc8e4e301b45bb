"""What a compiled kernel's source brings with it: numbers from module
globals and closure cells as compile-time constants (a NumPy scalar keeps
its type), device functions found through the globals, and names imported
under other names (`math`, kiln's builtins)."""

import math
from math import sqrt as root

import numpy as np
import pytest

import kiln
from kiln import group_barrier as barrier
from kiln import _source
from compiled import needs

OFFSET = 10
SMALL = np.int16(3)


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@kiln.device_func
def twice(v):
    return v * 2


@kiln.kernel
def uses_globals(item, out):
    i = item.get_id(0)
    out[i] = twice(out[i]) + OFFSET + SMALL + root(4.0) + math.floor(0.5)


def make(scale):
    @kiln.kernel
    def scaled(it, out, tmp):
        lid = it.get_local_id(0)
        tmp[lid] = out[it.get_global_id(0)] * scale
        barrier(it.get_group())
        out[it.get_global_id(0)] = tmp[lid]
    return scaled


def test_globals_device_functions_and_imported_names():
    out = np.arange(4, dtype=np.float64)
    kiln.call_kernel(uses_globals, kiln.Range(4), out)
    assert (out == 2 * np.arange(4) + 10 + 3 + 2).all()


def test_closure_numbers_are_constants():
    out = np.ones(8, np.float32)
    kiln.call_kernel(make(2.5), kiln.NdRange(8, 4), out,
                     kiln.LocalAccessor(4, np.float32))
    assert (out == 2.5).all()
    kiln.call_kernel(make(4.0), kiln.NdRange(8, 4), out,
                     kiln.LocalAccessor(4, np.float32))
    assert (out == 10).all()


def test_the_module_text_keeps_the_users_lines():
    text, filename = _source.module_source(uses_globals)
    lines = text.splitlines()
    first = uses_globals.first_line
    assert filename == __file__
    assert lines[first - 1] == "@kiln.kernel()"
    assert lines[first] == "def uses_globals(item, out):"
    assert lines[twice.first_line] == "def twice(v):"
    tail = lines[first + 3:]
    for binding in ("OFFSET = 10", "SMALL: int16 = 3",
                    "from math import sqrt as root", "import math as math"):
        assert binding in tail
