"""The spec's scalar types (spec §2) as Python objects.

Each `DType` is an annotation (`x: float32`), a cast usable in kernel bodies
(`float32(i)`, with the spec's conversions: float to integer truncates toward
zero, integer to integer wraps) and a NumPy dtype-like (`numpy.zeros(n,
kiln.float32)`, `a.dtype == kiln.float32`). NumPy is imported on first use,
not at `import kiln`, to keep the import fast.
"""

_numpy = None


def np():
    """NumPy, imported on first use."""
    global _numpy
    if _numpy is None:
        import numpy
        _numpy = numpy
    return _numpy


class DType:
    """A scalar type of the kernel language: `bool`, `int8`…`uint64`,
    `float16`…`float64`, `bfloat16` (storage only), `complex64`,
    `complex128`."""

    __slots__ = ("name", "kind", "bits")

    def __init__(self, name, kind, bits):
        self.name = name
        self.kind = kind  # "b" bool, "i" signed, "u" unsigned, "f" float,
        # "c" complex (bits: both parts)
        self.bits = bits

    def __repr__(self):
        return "kiln." + self.name

    def __reduce__(self):
        return (by_name, (self.name,))

    @property
    def dtype(self):
        """The NumPy dtype (none for bfloat16, which NumPy lacks)."""
        if self.name == "bfloat16":
            raise TypeError("NumPy has no bfloat16 dtype")
        return np().dtype(self.name)

    @property
    def type(self):
        """The NumPy scalar type (`numpy.float32` for kiln.float32)."""
        return self.dtype.type

    def __eq__(self, other):
        if isinstance(other, DType):
            return self.name == other.name
        found = resolve(other)
        return found is not None and found.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __call__(self, value=0, imag=None):
        """The cast `T(x)` of the kernel language, as a NumPy scalar;
        `complex64(re, im)` builds a complex number from its parts."""
        if self.kind == "c":
            if imag is None:
                return self.type(value)
            part = np().float32 if self.bits == 64 else np().float64
            return self.type(complex(part(value), part(imag)))
        if imag is not None:
            raise TypeError(f"{self.name}() takes one argument")
        if self.name == "bfloat16":
            return _round_to_bfloat16(value)
        numpy = np()
        if self.kind == "b":
            return numpy.bool_(bool(value))
        if self.kind == "f":
            return self.type(value)
        return self.type(_wrap_int(_truncate(value), self.bits, self.kind == "i"))


def _truncate(value):
    if isinstance(value, (bool, int)):
        return int(value)
    numpy = np()
    if isinstance(value, numpy.integer) or isinstance(value, numpy.bool_):
        return int(value)
    return int(float(value))  # float to integer truncates toward zero


def _wrap_int(value, bits, signed):
    value &= (1 << bits) - 1
    if signed and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


def _round_to_bfloat16(value):
    """bfloat16 is storage only (spec §2): the simulator keeps a float32
    holding the value rounded to bfloat16 (to nearest, ties to even)."""
    numpy = np()
    bits = numpy.array([value], numpy.float32).view(numpy.uint32)
    if not numpy.isnan(bits.view(numpy.float32)[0]):
        bits = (bits + numpy.uint32(0x7FFF) + ((bits >> 16) & 1)) & numpy.uint32(0xFFFF0000)
    return bits.view(numpy.float32)[0]


SCALARS = [
    DType("bool", "b", 8),
    DType("int8", "i", 8), DType("int16", "i", 16),
    DType("int32", "i", 32), DType("int64", "i", 64),
    DType("uint8", "u", 8), DType("uint16", "u", 16),
    DType("uint32", "u", 32), DType("uint64", "u", 64),
    DType("float16", "f", 16), DType("float32", "f", 32),
    DType("float64", "f", 64), DType("bfloat16", "f", 16),
    DType("complex64", "c", 64), DType("complex128", "c", 128),
]
_BY_NAME = {t.name: t for t in SCALARS}

#: Annotation aliases of spec §2 and docs/language.md §2.
ALIASES = {
    "f16": "float16", "f32": "float32", "f64": "float64", "bf16": "bfloat16",
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "half": "float16", "single": "float32", "double": "float64",
    "bool_": "bool", "c64": "complex64", "c128": "complex128",
    "complex": "complex128",
}


def by_name(name):
    return _BY_NAME[ALIASES.get(name, name)]


def resolve(obj):
    """The DType that `obj` names (a DType, a NumPy type or dtype, a type
    name, Python's bool/int/float), or None."""
    if isinstance(obj, DType):
        return obj
    if obj is bool:
        return _BY_NAME["bool"]
    if obj is int:
        return _BY_NAME["int64"]
    if obj is float:
        return _BY_NAME["float64"]
    if obj is complex:
        return _BY_NAME["complex128"]
    if isinstance(obj, str):
        name = ALIASES.get(obj, obj)
        return _BY_NAME.get(name)
    if _numpy is None and not _looks_like_numpy(obj):
        return None
    try:
        name = np().dtype(obj).name
    except (TypeError, ValueError):
        return None
    return _BY_NAME.get(name)


def _looks_like_numpy(obj):
    module = getattr(type(obj), "__module__", "") or ""
    own = getattr(obj, "__module__", "") or ""
    return module.startswith("numpy") or str(own).startswith("numpy")


def of_value(value):
    """The DType of a NumPy scalar or array element type, or None."""
    dtype = getattr(value, "dtype", None)
    return None if dtype is None else _BY_NAME.get(dtype.name)
