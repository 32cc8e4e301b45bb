"""Scalar arguments of every spec dtype reach the kernel as that dtype, and
math through `from math import f` keeps the float type."""

from math import exp as exp_alias, sqrt

import numpy as np
import pytest

import kiln
from kiln import Array, Item

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
          "uint32", "uint64", "float16", "float32", "float64"]


def make_store(dtype):
    t = getattr(kiln, dtype)

    @kiln.kernel
    def store(item: Item, v: t, out: Array[t], kind: Array[kiln.int32]):
        out[0] = v
        kind[0] = 1 if type(v) is out.dtype.type else 0

    return store


@pytest.mark.parametrize("dtype", DTYPES)
def test_scalar_of_every_dtype(dtype):
    t = getattr(kiln, dtype)
    value = True if dtype == "bool" else (np.iinfo(dtype).max if dtype[0] in "iu" else 1.5)
    out = np.zeros(1, t.dtype)
    kind = np.zeros(1, np.int32)
    kiln.call_kernel(make_store(dtype), kiln.Range(1), value, out, kind, device="python")
    assert out[0] == value and kind[0] == 1


@kiln.kernel
def imported_math(item: Item, x: Array[kiln.float32], kinds: Array[kiln.int32]):
    kinds[0] = 1 if isinstance(sqrt(x[0]), np.float32) else 0
    kinds[1] = 1 if isinstance(exp_alias(x[0] * 2), np.float32) else 0
    kinds[2] = 1 if isinstance(kiln.fma(x[0], x[0], 1.0), np.float32) else 0
    kinds[3] = 1 if isinstance(kiln.rsqrt(x[0]), np.float32) else 0


def test_math_imported_by_name_keeps_float32():
    kinds = np.zeros(4, np.int32)
    kiln.call_kernel(imported_math, kiln.Range(1), np.ones(1, np.float32), kinds,
                     device="python")
    assert kinds.tolist() == [1, 1, 1, 1]
