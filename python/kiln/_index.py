"""Index objects a kernel receives or asks for (spec §3): `Item`, `NdItem`,
`Group`, `SubGroup`. They are annotations and, in the simulator, the
objects each work-item gets. Every query returns a Python int (the spec's
int64; a Python int keeps `x * i` float32 for a float32 `x`, as Kiln's
promotion does). Ids and ranges are kept padded to three dimensions
(unused dimensions: id 0, extent 1), as the compiled kernels see them."""


def _dim(d):
    if d.__class__ is not int:
        if isinstance(d, bool) or not hasattr(d, "__index__"):
            raise TypeError(f"a dimension must be an int, got {type(d).__name__}")
        d = d.__index__()
    if not 0 <= d <= 2:
        raise ValueError(f"dimension {d} out of range: it must be 0, 1 or 2")
    return d


def _linear(ids, extents):
    return (ids[0] * extents[1] + ids[1]) * extents[2] + ids[2]


class Item:
    """A work-item of a launch over a `Range`."""

    __slots__ = ("_id", "_range", "_rank")

    def __init__(self, ids, extents, rank):
        self._id, self._range, self._rank = ids, extents, rank

    def get_id(self, d):
        return self._id[_dim(d)]

    def get_range(self, d):
        return self._range[_dim(d)]

    def get_linear_id(self):
        return _linear(self._id, self._range)

    def get_linear_range(self):
        r = self._range
        return r[0] * r[1] * r[2]

    @property
    def dimensions(self):
        return self._rank

    def __repr__(self):
        return f"Item(id={self._id[:self._rank]}, range={self._range[:self._rank]})"


class Group:
    """The work-group of an `NdItem` (`it.get_group()`)."""

    __slots__ = ("_gid", "_granges", "_lrange", "_rank", "_sync", "_lid")

    def __init__(self, gid, granges, lrange, rank, sync, lid):
        self._gid, self._granges, self._lrange = gid, granges, lrange
        self._rank, self._sync, self._lid = rank, sync, lid

    def get_group_id(self, d):
        return self._gid[_dim(d)]

    def get_group_range(self, d):
        return self._granges[_dim(d)]

    def get_local_range(self, d):
        return self._lrange[_dim(d)]

    def get_group_linear_id(self):
        return _linear(self._gid, self._granges)

    def get_group_linear_range(self):
        r = self._granges
        return r[0] * r[1] * r[2]

    def get_local_linear_range(self):
        r = self._lrange
        return r[0] * r[1] * r[2]

    def leader(self):
        return self._lid == 0

    @property
    def dimensions(self):
        return self._rank


class SubGroup:
    """A sub-group: consecutive local linear ids of a work-group (spec §3);
    the last one of a work-group is short when the work-group size is no
    multiple of the sub-group size."""

    __slots__ = ("_sync", "_lane", "_size", "_id", "_count")

    def __init__(self, sync, lane, size, sg_id, count):
        self._sync, self._lane, self._size = sync, lane, size
        self._id, self._count = sg_id, count

    def get_local_id(self):
        return self._lane

    def get_local_range(self):
        return self._size

    def get_group_id(self):
        return self._id

    def get_group_range(self):
        return self._count

    def leader(self):
        return self._lane == 0

    def _exchange(self, value, what):
        return self._sync.exchange(self._lane, value, what)[0]

    def shuffle(self, x, lane):
        """x of `lane` (taken modulo the sub-group size, as CUDA's shfl)."""
        return self._exchange(x, "shuffle")[int(lane) % self._size]

    def shuffle_down(self, x, delta):
        """x of lane + delta; a lane past the end reads its own x (CUDA)."""
        values = self._exchange(x, "shuffle_down")
        src = self._lane + int(delta)
        return values[src] if 0 <= src < self._size else x

    def shuffle_up(self, x, delta):
        """x of lane - delta; a lane before the start reads its own x."""
        values = self._exchange(x, "shuffle_up")
        src = self._lane - int(delta)
        return values[src] if 0 <= src < self._size else x

    def shuffle_xor(self, x, mask):
        values = self._exchange(x, "shuffle_xor")
        src = self._lane ^ int(mask)
        return values[src] if 0 <= src < self._size else x


class NdItem:
    """A work-item of a launch over an `NdRange`."""

    __slots__ = ("_gid", "_lid", "_grange", "_lrange", "_rank", "_group",
                 "_sub_group", "_linear_lid")

    def __init__(self, gid, lid, grange, lrange, rank, group, sub_group):
        self._gid, self._lid, self._grange, self._lrange = gid, lid, grange, lrange
        self._rank, self._group, self._sub_group = rank, group, sub_group
        self._linear_lid = _linear(lid, lrange)

    def get_global_id(self, d):
        return self._gid[_dim(d)]

    def get_local_id(self, d):
        return self._lid[_dim(d)]

    def get_global_range(self, d):
        return self._grange[_dim(d)]

    def get_local_range(self, d):
        return self._lrange[_dim(d)]

    def get_global_linear_id(self):
        return _linear(self._gid, self._grange)

    def get_local_linear_id(self):
        return self._linear_lid

    def get_global_linear_range(self):
        r = self._grange
        return r[0] * r[1] * r[2]

    def get_local_linear_range(self):
        r = self._lrange
        return r[0] * r[1] * r[2]

    def get_group(self):
        return self._group

    def get_sub_group(self):
        return self._sub_group

    @property
    def dimensions(self):
        return self._rank

    def __repr__(self):
        n = self._rank
        return f"NdItem(global_id={self._gid[:n]}, local_id={self._lid[:n]})"
