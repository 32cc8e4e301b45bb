"""Barriers and collectives (spec §5, §6) over the simulator's
`GroupSync`: every work-item of the group hands in its value and computes
the result from all of them, in local linear id order."""

from . import _dtypes
from ._index import Group, SubGroup
from ._enums import MemoryScope

_OPS = ("add", "min", "max", "and", "or", "xor")


def _check(obj, cls, what):
    if not isinstance(obj, cls):
        raise TypeError(f"{what} needs a {cls.__name__}, got {type(obj).__name__}")


def group_barrier(group, fence_scope=MemoryScope.WORK_GROUP):
    """Waits for the work-group; orders memory at `fence_scope`."""
    _check(group, Group, "group_barrier")
    if int(fence_scope) < MemoryScope.WORK_GROUP:
        raise ValueError("group_barrier: fence_scope must be WORK_GROUP or wider")
    group._sync.wait()


def sub_group_barrier(sg):
    _check(sg, SubGroup, "sub_group_barrier")
    sg._sync.wait()


def _typed(x, what):
    np = _dtypes.np()
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{what}: bool values are not allowed (convert them)")
    if isinstance(x, np.generic):
        return x
    if isinstance(x, int):
        return np.int64(x)
    if isinstance(x, float):
        return np.float64(x)
    raise TypeError(f"{what}: expected a scalar, got {type(x).__name__}")


def _combine(op, what):
    if op not in _OPS:
        raise ValueError(f"{what}: op must be one of {', '.join(_OPS)}, got {op!r}")
    if op == "add":
        return lambda a, b: a + b
    if op == "min":
        return lambda a, b: b if b < a else a
    if op == "max":
        return lambda a, b: b if b > a else a
    if op == "and":
        return lambda a, b: a & b
    if op == "or":
        return lambda a, b: a | b
    return lambda a, b: a ^ b


def _identity(op, x):
    np = _dtypes.np()
    kind = x.dtype.kind
    if op in ("min", "max"):
        if kind == "f":
            return x.dtype.type(np.inf if op == "min" else -np.inf)
        info = np.iinfo(x.dtype)
        return x.dtype.type(info.max if op == "min" else info.min)
    if op == "and":
        return x.dtype.type(np.iinfo(x.dtype).max if kind == "u" else -1)
    return x.dtype.type(0)


def _fold(values, op, x, what):
    if op in ("and", "or", "xor") and x.dtype.kind == "f":
        raise TypeError(f"{what}: op {op!r} needs integer values, not {x.dtype.name}")
    combine = _combine(op, what)
    acc = values[0]
    for v in values[1:]:
        acc = combine(acc, v)
    return x.dtype.type(acc)


def _reduce(values, memo, op, x, what):
    key = ("reduce", op)
    if key not in memo:
        memo[key] = _fold(values, op, x, what)
    return memo[key]


def _prefixes(values, memo, op, x, what):
    """The inclusive prefixes, computed once per group and collective."""
    key = ("scan", op)
    if key not in memo:
        if op in ("and", "or", "xor") and x.dtype.kind == "f":
            raise TypeError(f"{what}: op {op!r} needs integer values, not {x.dtype.name}")
        combine = _combine(op, what)
        acc, out = values[0], []
        for i, v in enumerate(values):
            acc = v if i == 0 else combine(acc, v)
            out.append(x.dtype.type(acc))
        memo[key] = out
    return memo[key]


def _scan(group, x, op, inclusive, what):
    _check(group, Group, what)
    x = _typed(x, what)
    values, memo = group._sync.exchange(group._lid, x, what)
    prefixes = _prefixes(values, memo, op, x, what)
    if inclusive:
        return prefixes[group._lid]
    return prefixes[group._lid - 1] if group._lid else _identity(op, x)


def group_reduce(group, x, op):
    _check(group, Group, "group_reduce")
    x = _typed(x, "group_reduce")
    values, memo = group._sync.exchange(group._lid, x, "group_reduce")
    return _reduce(values, memo, op, x, "group_reduce")


def group_inclusive_scan(group, x, op):
    return _scan(group, x, op, True, "group_inclusive_scan")


def group_exclusive_scan(group, x, op):
    return _scan(group, x, op, False, "group_exclusive_scan")


def group_broadcast(group, x, local_linear_id):
    _check(group, Group, "group_broadcast")
    x = _typed(x, "group_broadcast")
    values, _ = group._sync.exchange(group._lid, x, "group_broadcast")
    return values[int(local_linear_id)]


def sub_group_reduce(sg, x, op):
    _check(sg, SubGroup, "sub_group_reduce")
    x = _typed(x, "sub_group_reduce")
    values, memo = sg._sync.exchange(sg._lane, x, "sub_group_reduce")
    return _reduce(values, memo, op, x, "sub_group_reduce")
