"""The spec's scalar types (language.md §2, §4) as the tester models them,
written from the spec's text, not from Kiln's code: widths, promotion,
weak literals, implicit-safe conversions and wrapping."""
from fractions import Fraction

import numpy as np

INTS = {"int8": (8, True), "int16": (16, True), "int32": (32, True),
        "int64": (64, True), "uint8": (8, False), "uint16": (16, False),
        "uint32": (32, False), "uint64": (64, False)}
FLOATS = {"float32": 32, "float64": 64}
NUMERIC = list(INTS) + list(FLOATS)
ALL = ["bool"] + NUMERIC
NUMPY = {name: getattr(np, name) for name in NUMERIC}
NUMPY["bool"] = np.bool_


class Reject(Exception):
    """The generated code would be unspecified or inexact: try another."""


def is_int(t):
    return t in INTS


def is_float(t):
    return t in FLOATS


def int_range(t):
    width, signed = INTS[t]
    if signed:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return 0, (1 << width) - 1


def wrap(value, t):
    """Two's complement wrap-around of a Python int into `t`."""
    width, signed = INTS[t]
    value &= (1 << width) - 1
    if signed and value >> (width - 1):
        value -= 1 << width
    return value


def promote(a, b):
    """Spec §4 promotion of two typed operands (bool with bool: int64)."""
    if a == "bool" and b == "bool":
        return "int64"
    if a == "bool":
        return b
    if b == "bool":
        return a
    if is_float(a) or is_float(b):
        floats = [t for t in (a, b) if is_float(t)]
        return max(floats, key=lambda t: FLOATS[t])
    (wa, sa), (wb, sb) = INTS[a], INTS[b]
    if sa == sb:
        return a if wa >= wb else b
    signed, unsigned = (a, b) if sa else (b, a)
    if INTS[signed][0] > INTS[unsigned][0]:
        return signed
    width = max(wa, wb)
    return "uint%d" % width


def implicit_safe(src, dst):
    """Spec §4: same-signedness widening, int to float, float widening,
    bool to any number."""
    if src == dst:
        return True
    if src == "bool":
        return dst != "bool"
    if is_int(src) and is_int(dst):
        (ws, ss), (wd, sd) = INTS[src], INTS[dst]
        return ss == sd and wd >= ws
    if is_int(src) and is_float(dst):
        return True
    if is_float(src) and is_float(dst):
        return FLOATS[dst] >= FLOATS[src]
    return False


def fits_float(value, t):
    """Whether the exact rational `value` is a float of type `t` that
    stays far from overflow and subnormals (where targets may differ)."""
    if value == 0:
        return True
    magnitude = abs(value)
    if magnitude >= 2 ** 60 or magnitude < Fraction(1, 2 ** 60):
        return False
    as_double = float(value)
    if Fraction(as_double) != value:
        return False
    return t == "float64" or float(np.float32(as_double)) == as_double


def to_float(value, t):
    """An exact rational as a float of `t`; inexact results are rejected:
    with only exact operations, FMA contraction cannot change a result."""
    value = Fraction(value)
    if not fits_float(value, t):
        raise Reject("inexact float")
    return float(value)


def convert(value, src, dst):
    """The value of an explicit cast `dst(value)` (spec §4, language.md
    §6.4); conversions that are unspecified or inexact raise Reject."""
    if dst == "bool":
        return value != 0
    if src == "bool":
        value = int(value)
        src = "int64"
    if is_int(dst):
        if is_float(src):
            truncated = int(value)  # toward zero
            low, high = int_range(dst)
            if not low <= truncated <= high or (value < 0 and low == 0):
                raise Reject("float out of the integer's range")
            return truncated
        return wrap(value, dst)
    return to_float(value, dst)
