"""Math for the simulator with the kernel language's result types (spec §6,
docs/language.md §8.2): a math function of a float32 is float32, of a
32-bit integer float32, of a 64-bit one float64, and floor/ceil/trunc
return floats. The simulator runs kernels with `math` (and names imported
from it) replaced by this module's functions; Python floats and ints keep
Python's math."""

import math
import types

from . import _dtypes

_UNARY = ("sqrt exp log log2 log10 sin cos tan asin acos atan sinh cosh tanh "
          "erf floor ceil trunc fabs").split()
_BINARY = ("atan2 pow fmod copysign hypot").split()
_PREDICATES = ("isnan isinf isfinite").split()


def _result_type(args):
    """The NumPy float type of a typed call, or None for Python numbers."""
    np = _dtypes.np()
    best = None
    for a in args:
        if isinstance(a, np.floating):
            t = a.dtype
        elif isinstance(a, (np.integer, np.bool_)):
            t = np.dtype(np.float64 if a.dtype.itemsize == 8 else np.float32)
        else:
            continue
        best = t if best is None else np.promote_types(best, t)
    return None if best is None else best.type


def _typed(name):
    base = getattr(math, name)

    def call(*args):
        result = base(*(float(a) for a in args))
        kind = _result_type(args)
        if kind is None:
            return float(result) if name in ("floor", "ceil", "trunc") else result
        return kind(result)

    call.__name__ = name
    return call


def _exp2(x):
    return _typed("pow")(type(x)(2) if _result_type((x,)) else 2.0, x)


def fma(a, b, c):
    """a * b + c, rounded once to the operands' float type."""
    kind = _result_type((a, b, c))
    result = float(a) * float(b) + float(c)
    return kind(result) if kind else result


def rsqrt(x):
    kind = _result_type((x,))
    result = 1.0 / math.sqrt(float(x))
    return kind(result) if kind else result


def select(cond, a, b):
    return a if cond else b


def _build():
    module = types.ModuleType("kiln._simmath.math")
    for name in dir(math):
        if not name.startswith("_"):
            setattr(module, name, getattr(math, name))
    for name in _UNARY + _BINARY:
        setattr(module, name, _typed(name))
    module.exp2 = _exp2
    module.fma = fma
    module.rsqrt = rsqrt
    return module


MATH = _build()
#: The real math function -> its replacement, for `from math import f`.
REPLACEMENTS = {getattr(math, n): getattr(MATH, n) for n in _UNARY + _BINARY}
