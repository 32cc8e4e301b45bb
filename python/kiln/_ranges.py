"""Index spaces of a launch (spec §8): `Range(n0[, n1[, n2]])` and
`NdRange(global_range, local_range)`, with numba-dpex's names.

`Range` is a tuple subclass, as numba-dpex's is: `len(r)`, `r[0]`,
`gx, gy = r`, `isinstance(r, tuple)`, `r == (4, 2)` and a Range where a
shape is expected (`LocalAccessor(nd.local_range, dtype)`) all work.
`NdRange` is not a tuple (nor is numba-dpex's): its `global_range` and
`local_range` are Ranges. The C launch path (python/lib/launch_module.c
read_space) reads `_dims` of a Range and `_global`/`_local` of an NdRange
through their data descriptors; they stay."""


def _dims(values, what):
    if len(values) == 1 and isinstance(values[0], (tuple, list)):
        values = tuple(values[0])  # Range((4, 2)), Range([4, 2]), Range(r)
    if not 1 <= len(values) <= 3:
        raise ValueError(f"{what} has 1 to 3 dimensions, got {len(values)}")
    dims = []
    for d, v in enumerate(values):
        if isinstance(v, bool) or not hasattr(v, "__index__"):
            raise TypeError(f"{what}: extent of dimension {d} must be an int, "
                            f"got {type(v).__name__}")
        v = v.__index__()
        if v <= 0:
            raise ValueError(f"{what}: extent of dimension {d} must be "
                             f"positive, got {v}")
        dims.append(v)
    return tuple(dims)


class Range(tuple):
    """A 1- to 3-D range of work-items; the last dimension varies fastest.
    A tuple of its extents (Python ints); equal to, and hashed as, that
    tuple."""

    __slots__ = ()
    UNDEFINED_DIMENSION = -1  # numba-dpex's dim1/dim2 of a shorter Range

    def __new__(cls, dim0, dim1=None, dim2=None):
        values = tuple(v for v in (dim0, dim1, dim2) if v is not None)
        return tuple.__new__(cls, _dims(values, "Range"))

    # The extents as a plain tuple, for the C launcher (kiln_read_dims
    # takes a tuple). `tuple` as the getter keeps the read in C, without a
    # Python frame.
    _dims = property(tuple)

    @property
    def ndim(self):
        return len(self)

    def get(self, d):
        return self[d]

    def size(self):
        total = 1
        for v in self:
            total *= v
        return total

    @property
    def dim0(self):
        return self[0]

    @property
    def dim1(self):
        return self[1] if len(self) > 1 else Range.UNDEFINED_DIMENSION

    @property
    def dim2(self):
        return self[2] if len(self) > 2 else Range.UNDEFINED_DIMENSION

    def __repr__(self):
        return "Range(" + ", ".join(map(str, self)) + ")"

    def __getnewargs__(self):  # pickle and copy: Range(*extents)
        return tuple(self)


def _as_range(value, what):
    if isinstance(value, Range):
        return value
    values = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    return Range(*_dims(values, what))


class NdRange:
    """A global range divided into work-groups of `local_range`."""

    __slots__ = ("_global", "_local")

    def __init__(self, global_size, local_size):
        self._global = _as_range(global_size, "NdRange global range")
        self._local = _as_range(local_size, "NdRange local range")
        if self._global.ndim != self._local.ndim:
            raise ValueError(f"NdRange: the global range has {self._global.ndim} "
                             f"dimension(s) and the local range {self._local.ndim}")
        for d, (g, l) in enumerate(zip(self._global, self._local)):
            if g % l:
                raise ValueError(f"NdRange: global extent {g} of dimension {d} "
                                 f"is not divisible by the local extent {l}")

    @property
    def global_range(self):
        return self._global

    @property
    def local_range(self):
        return self._local

    @property
    def ndim(self):
        return self._global.ndim

    def get_global_range(self):
        return self._global

    def get_local_range(self):
        return self._local

    def __eq__(self, other):
        return (isinstance(other, NdRange) and self._global == other._global
                and self._local == other._local)

    def __hash__(self):
        return hash((self._global, self._local))

    def __repr__(self):
        return f"NdRange({self._global!r}, {self._local!r})"
