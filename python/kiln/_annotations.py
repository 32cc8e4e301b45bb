"""Parameter annotations and memory objects: `Array[T, N]`,
`LocalAccessor[T, N]` (also the host object `LocalAccessor(shape, dtype)`
passed at launch), `PrivateArray[T, N]` (also `PrivateArray(shape, dtype,
fill_zeros=False)` in kernel bodies) and `Constant[T]` (spec §2, §5)."""

from . import _dtypes


class ArrayType:
    """The annotation `Array[T, N]` / `LocalAccessor[T, N]` /
    `PrivateArray[T, N]`: element type, rank and memory."""

    __slots__ = ("dtype", "ndim", "memory")

    def __init__(self, dtype, ndim, memory):
        self.dtype = dtype
        self.ndim = ndim
        self.memory = memory

    def __repr__(self):
        outer = {"global": "Array", "local": "LocalAccessor",
                 "private": "PrivateArray"}[self.memory]
        return f"{outer}[{self.dtype.name}, {self.ndim}]"

    def __eq__(self, other):
        return (isinstance(other, ArrayType) and self.dtype == other.dtype
                and self.ndim == other.ndim and self.memory == other.memory)

    def __hash__(self):
        return hash((self.dtype.name, self.ndim, self.memory))


def _array_type(params, memory, outer):
    if not isinstance(params, tuple):
        params = (params,)
    if len(params) not in (1, 2):
        raise TypeError(f"{outer}[T] or {outer}[T, N] takes 1 or 2 parameters")
    dtype = _dtypes.resolve(params[0])
    if dtype is None:
        raise TypeError(f"{outer}[...]: {params[0]!r} is not a scalar type")
    ndim = params[1] if len(params) == 2 else 1
    if not isinstance(ndim, int) or isinstance(ndim, bool) or not 1 <= ndim <= 3:
        raise TypeError(f"{outer}[T, N]: N must be 1, 2 or 3, got {ndim!r}")
    return ArrayType(dtype, ndim, memory)


class _ArrayMeta(type):
    def __getitem__(cls, params):
        return _array_type(params, "global", "Array")


class Array(metaclass=_ArrayMeta):
    """`Array[T]`, `Array[T, N]`: a C-contiguous global array parameter
    (a NumPy array at launch)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("Array is an annotation (Array[float32, 2]); pass a "
                        "NumPy array at launch")


def normalize_shape(shape, what):
    """`shape` as a tuple of 1 to 3 positive ints, else ValueError."""
    dims = shape if isinstance(shape, tuple) else (shape,)
    np = _dtypes.np()
    if not 1 <= len(dims) <= 3 or not all(
            isinstance(d, (int, np.integer)) and not isinstance(d, bool) and d > 0
            for d in dims):
        raise ValueError(f"{what}: shape must be a positive int or a tuple of "
                         f"1 to 3 positive ints, got {shape!r}")
    return tuple(int(d) for d in dims)


def scalar_dtype(dtype, what):
    found = _dtypes.resolve(dtype)
    if found is None:
        raise TypeError(f"{what}: {dtype!r} is not a scalar type of the spec")
    return found


class LocalAccessor:
    """Work-group local memory sized at launch. `LocalAccessor[T, N]`
    annotates the parameter; `LocalAccessor(shape, dtype)` is the argument
    given to `call_kernel` (numba-dpex's signature)."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        # numba-dpex's takes a list too; a Range is a tuple (_ranges.py).
        if isinstance(shape, list):
            shape = tuple(shape)
        self.shape = normalize_shape(shape, "LocalAccessor")
        self.dtype = scalar_dtype(dtype, "LocalAccessor")

    def __class_getitem__(cls, params):
        return _array_type(params, "local", "LocalAccessor")

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        return f"LocalAccessor({self.shape}, {self.dtype!r})"


class PrivateArray:
    """`PrivateArray(shape, dtype, fill_zeros=False)`: a per-work-item array
    in a kernel body (numba-dpex's class); `PrivateArray[T, N]` annotates a
    device function's parameter."""

    def __new__(cls, shape, dtype, fill_zeros=False):
        from ._memory import private_array_at_caller
        return private_array_at_caller(shape, dtype, fill_zeros, depth=2)

    def __class_getitem__(cls, params):
        return _array_type(params, "private", "PrivateArray")


class ConstantType:
    """The annotation `Constant[T]`: a value fixed when the kernel is
    specialized (spec §2); in the simulator, an argument converted to T."""

    __slots__ = ("dtype",)

    def __init__(self, dtype):
        self.dtype = dtype

    def __repr__(self):
        return f"Constant[{self.dtype.name}]"


class _ConstantMeta(type):
    def __getitem__(cls, param):
        dtype = _dtypes.resolve(param)
        if dtype is None:
            raise TypeError(f"Constant[T]: {param!r} is not a scalar type")
        return ConstantType(dtype)


class Constant(metaclass=_ConstantMeta):
    """`Constant[T]`: a compile-time constant parameter."""

    def __init__(self, *args, **kwargs):
        raise TypeError("Constant is an annotation (Constant[int32])")
