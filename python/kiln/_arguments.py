"""Checking launch arguments against a kernel's parameters (spec §8): the
count, each array's dtype, rank and layout, each scalar's type and range,
local accessors, and the index space the work-item parameter needs. Every
error is a TypeError or ValueError naming the parameter, raised before
anything runs."""

import inspect

from . import _dtypes
from ._annotations import ArrayType, ConstantType, LocalAccessor
from ._array import DeviceArray
from ._index import Item, NdItem
from ._ranges import NdRange, Range


class Parameter:
    __slots__ = ("name", "annotation")

    def __init__(self, name, annotation):
        self.name = name
        self.annotation = annotation  # DType, ArrayType, ConstantType, class or None


def _resolve(annotation, func):
    if annotation is inspect.Parameter.empty:
        return None
    if isinstance(annotation, str):  # from __future__ import annotations
        scope = dict(func.__globals__)
        for name, cell in zip(func.__code__.co_freevars, func.__closure__ or ()):
            try:
                scope[name] = cell.cell_contents
            except ValueError:
                pass
        try:
            annotation = eval(annotation, scope)
        except Exception:
            return None
    if isinstance(annotation, (ArrayType, ConstantType)) or annotation in (Item, NdItem):
        return annotation
    return _dtypes.resolve(annotation)


def parameters(kernel):
    cached = getattr(kernel, "_parameters", None)
    if cached is None:
        sig = inspect.signature(kernel.py_func)
        for p in sig.parameters.values():
            if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                raise TypeError(f"kernel '{kernel.__name__}': parameter "
                                f"'{p.name}' must be a plain positional one")
        cached = [Parameter(p.name, _resolve(p.annotation, kernel.py_func))
                  for p in sig.parameters.values()]
        kernel._parameters = cached
    return cached


def _where(kernel, param):
    return f"parameter '{param.name}' of kernel '{kernel.__name__}'"


def _check_array(kernel, param, value, expected):
    np = _dtypes.np()
    where = _where(kernel, param)
    if not isinstance(value, (np.ndarray, DeviceArray)):
        want = f"a NumPy array of {expected.dtype.name}" if expected else "a NumPy array"
        raise TypeError(f"{where} expects {want}, got {type(value).__name__} "
                        "(or a kiln.DeviceArray, or a DLPack or "
                        "__cuda_array_interface__ array)")
    dtype = _dtypes.of_value(value)
    if dtype is None:
        raise TypeError(f"{where}: arrays of {value.dtype} are not supported "
                        "(element types: bool, int8..uint64, float16..float64)")
    if expected is not None and dtype != expected.dtype:
        raise TypeError(f"{where} expects an array of {expected.dtype.name}, "
                        f"got {dtype.name}")
    if expected is not None and value.ndim != expected.ndim:
        raise ValueError(f"{where} expects an array of {expected.ndim} "
                         f"dimension(s), got {value.ndim}")
    if not 1 <= value.ndim <= 3:
        raise ValueError(f"{where}: arrays have 1 to 3 dimensions, got {value.ndim}")
    if type(value) is not DeviceArray and not value.flags.c_contiguous:
        element_strides(value, param.name, kernel.__name__)
    return value


def element_strides(value, param, kernel=None):
    """A strided NumPy array's strides in elements (kernels take them so,
    kiln_arg_strided_array); a ValueError naming the parameter when one is
    not a multiple of the item size (a view of a structured or
    reinterpreted array), which no element stride expresses."""
    itemsize = value.itemsize
    strides = value.strides
    if all(s % itemsize == 0 for s in strides):
        return [s // itemsize for s in strides]
    where = (f"parameter '{param}' of kernel '{kernel}'" if kernel
             else f"parameter '{param}'")
    raise ValueError(f"{where}: the array's strides {strides} (bytes) are not "
                     f"multiples of its item size ({itemsize} bytes); kernels "
                     "take strides in elements: pass a copy "
                     "(numpy.ascontiguousarray)")


def _check_local(kernel, param, value, expected):
    where = _where(kernel, param)
    if not isinstance(value, LocalAccessor):
        raise TypeError(f"{where} expects a kiln.LocalAccessor(shape, dtype), "
                        f"got {type(value).__name__}")
    if expected is not None and (value.dtype != expected.dtype
                                 or value.ndim != expected.ndim):
        raise TypeError(f"{where} expects {expected!r}, got {value!r}")
    return value


def _is_scalar(value):
    np = _dtypes.np()
    return isinstance(value, (bool, int, float, np.generic))


def _convert_scalar(kernel, param, value, dtype):
    np = _dtypes.np()
    where = _where(kernel, param)
    if not _is_scalar(value):
        raise TypeError(f"{where} expects a {dtype.name} scalar, got "
                        f"{type(value).__name__}")
    is_float = isinstance(value, (float, np.floating))
    if dtype.kind == "b" and not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{where} expects a bool, got {type(value).__name__}")
    if dtype.kind in "iu":
        if is_float:
            raise TypeError(f"{where} expects an integer ({dtype.name}), got "
                            f"the float {value!r}")
        info = np.iinfo(dtype.dtype)
        if not info.min <= int(value) <= info.max:
            raise ValueError(f"{where}: {int(value)} does not fit in {dtype.name} "
                             f"({info.min}..{info.max})")
    return dtype(value)


def _generic_scalar(value):
    """A generic parameter's scalar as the compiled kernel would type it:
    a NumPy scalar keeps its type; Python bool, int, float are bool, int64,
    float64."""
    np = _dtypes.np()
    if isinstance(value, np.generic):
        if _dtypes.of_value(value) is None:
            raise TypeError(f"{value.dtype} scalars are not supported")
        return value
    if isinstance(value, bool):
        return np.bool_(value)
    if isinstance(value, int):
        return np.int64(value)
    return np.float64(value)


def _bind_one(kernel, param, value):
    ann = param.annotation
    if isinstance(ann, ArrayType):
        if ann.memory == "local":
            return _check_local(kernel, param, value, ann)
        if ann.memory == "private":
            raise TypeError(f"{_where(kernel, param)}: kernels cannot take "
                            "PrivateArray parameters")
        return _check_array(kernel, param, value, ann)
    if isinstance(ann, ConstantType):
        return _convert_scalar(kernel, param, value, ann.dtype)
    if isinstance(ann, _dtypes.DType):
        return _convert_scalar(kernel, param, value, ann)
    if ann in (Item, NdItem):
        raise TypeError(f"{_where(kernel, param)}: only the first parameter can "
                        "be the work-item")
    if isinstance(value, LocalAccessor):
        return value
    if _is_scalar(value):
        try:
            return _generic_scalar(value)
        except TypeError as exc:
            raise TypeError(f"{_where(kernel, param)}: {exc}") from None
    return _check_array(kernel, param, value, None)


class Binding:
    """A checked launch: the work-item kind ("item", "nd_item" or None) and
    the values of the remaining parameters, in order."""

    __slots__ = ("item_kind", "values")

    def __init__(self, item_kind, values):
        self.item_kind, self.values = item_kind, values


def bind(kernel, index_space, args):
    if not isinstance(index_space, (Range, NdRange)):
        raise TypeError("index_space must be a kiln.Range or kiln.NdRange, got "
                        f"{type(index_space).__name__}")
    params = parameters(kernel)
    first = params[0].annotation if params else None
    takes_item = first in (Item, NdItem) or (
        first is None and len(params) == len(args) + 1)
    rest = params[1:] if takes_item else params
    if len(args) != len(rest):
        names = ", ".join(p.name for p in rest) or "none"
        raise TypeError(f"kernel '{kernel.__name__}' takes {len(rest)} "
                        f"argument(s) ({names}) but {len(args)} were given")
    item_kind = None
    if takes_item:
        item_kind = "nd_item" if (first is NdItem or (
            first is None and isinstance(index_space, NdRange))) else "item"
        if item_kind == "nd_item" and not isinstance(index_space, NdRange):
            raise ValueError(f"kernel '{kernel.__name__}' takes an NdItem "
                             f"(parameter '{params[0].name}'): launch it over a "
                             "kiln.NdRange, not a kiln.Range")
    values = [_bind_one(kernel, p, v) for p, v in zip(rest, args)]
    return Binding(item_kind, values)
