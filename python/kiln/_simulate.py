"""The pure-Python execution mode (issue 13 item 7): runs the kernel
function itself in the interpreter over the index space, with the spec's
mapping (row-major, the last dimension fastest).

* A launch over a `Range`, and an NdItem kernel that never synchronises,
  runs its work-items one after the other in the calling thread.
* An NdItem kernel that synchronises (a barrier, a collective, a shuffle,
  found in its code or the device functions it names) runs with one thread
  per local linear id: thread `l` runs work-item `l` of every work-group in
  turn, and the threads meet at each work-group's barriers (`_sync.py`).
* Sub-groups are `sub_group_size` consecutive local linear ids (default 32,
  a CUDA warp; `KILN_SIMULATE_SUB_GROUP_SIZE`).
* Arithmetic follows NumPy's scalar rules with weak Python scalars (NEP 50,
  NumPy 2's default; set for the launch's duration on NumPy 1.24+), so a
  float32 stays float32 with literals; `math` is replaced by
  `_simmath.MATH` in the kernel's globals; integer overflow wraps silently;
  integer `//` and `%` by zero give 0, as compiled (_simdivision.py).
"""

import itertools
import math
import os
import threading
import types

from . import _array, _dtypes, _memory, _simdivision, _simmath, _sync
from ._arguments import Binding
from ._array import DeviceArray
from ._annotations import LocalAccessor
from ._decorators import DeviceFunction, _names
from ._errors import KernelError
from ._index import Group, Item, NdItem, SubGroup
from ._ranges import NdRange

_generation = 0
DEFAULT_SUB_GROUP_SIZE = 32
_SYNC_NAMES = frozenset((
    "group_barrier", "sub_group_barrier", "group_reduce", "group_broadcast",
    "group_inclusive_scan", "group_exclusive_scan", "sub_group_reduce",
    "shuffle", "shuffle_down", "shuffle_up", "shuffle_xor"))


def current_generation():
    return _generation


def sub_group_size():
    text = os.environ.get("KILN_SIMULATE_SUB_GROUP_SIZE", "")
    if not text:
        return DEFAULT_SUB_GROUP_SIZE
    if not text.isdigit() or int(text) < 1:
        raise ValueError("KILN_SIMULATE_SUB_GROUP_SIZE must be a positive "
                         f"integer, got {text!r}")
    return int(text)


def with_simulated_globals(func, source=None):
    """`func` over a copy of its globals where `math` and names imported
    from it are the kernel language's typed math; its code is the one with
    integer division as compiled kernels do it (_simdivision.py), compiled
    from `source` (its text, when it could be read)."""
    scope = dict(func.__globals__)
    for name, value in scope.items():
        if value is math:
            scope[name] = _simmath.MATH
        elif isinstance(value, types.BuiltinFunctionType) and value in _simmath.REPLACEMENTS:
            scope[name] = _simmath.REPLACEMENTS[value]
    code = _simdivision.code_of(func, source)
    closure = func.__closure__
    if code is not func.__code__:
        scope.update(_simdivision.NAMES)
        closure = _simdivision.closure_for(code, func)
    new = types.FunctionType(code, scope, func.__name__,
                             func.__defaults__, closure)
    new.__kwdefaults__ = func.__kwdefaults__
    return new


def _scope_values(func, names):
    for cell in func.__closure__ or ():
        try:
            yield cell.cell_contents
        except ValueError:
            pass
    for name in names:
        if name in func.__globals__:
            yield func.__globals__[name]


def synchronises(func, seen=None):
    """Whether `func` (or a device function it names) may wait for other
    work-items."""
    from . import _collectives
    seen = set() if seen is None else seen
    if func in seen:
        return False
    seen.add(func)
    names = _names(func.__code__)
    if names & _SYNC_NAMES:
        return True
    sync_funcs = {getattr(_collectives, n) for n in _SYNC_NAMES
                  if hasattr(_collectives, n)}
    for value in _scope_values(func, names):
        candidates = [value]
        if isinstance(value, types.ModuleType):
            candidates = [getattr(value, n, None) for n in names]
        for c in candidates:
            if isinstance(c, types.FunctionType) and c in sync_funcs:
                return True
            if isinstance(c, DeviceFunction) and synchronises(c.py_func, seen):
                return True
    return False


class _Launch:
    __slots__ = ("failed", "error", "where", "lock")

    def __init__(self):
        self.failed = threading.Event()
        self.error = None
        self.where = None
        self.lock = threading.Lock()

    def fail(self, exc, where):
        with self.lock:
            if self.error is None:
                self.error, self.where = exc, where
        self.failed.set()


_rules_lock = threading.Lock()
_rules_depth = 0
_rules_saved = None


class _NumpyRules:
    """NEP 50 promotion for the launch (process-wide on NumPy 1.x)."""

    def __enter__(self):
        global _rules_depth, _rules_saved
        np = _dtypes.np()
        setter = getattr(np, "_set_promotion_state", None)
        with _rules_lock:
            if _rules_depth == 0 and setter is not None:
                _rules_saved = np._get_promotion_state()
                setter("weak")
            _rules_depth += 1

    def __exit__(self, *exc):
        global _rules_depth
        np = _dtypes.np()
        with _rules_lock:
            _rules_depth -= 1
            if _rules_depth == 0 and _rules_saved is not None:
                np._set_promotion_state(_rules_saved)


def _pad(values, fill):
    return tuple(values) + (fill,) * (3 - len(values))


def _fail(kernel, exc, where):
    raise KernelError(f"kernel '{kernel.__name__}' failed in the simulator at "
                      f"{where}: {type(exc).__name__}: {exc}") from exc


def run(kernel, index_space, binding):
    """Runs one launch to completion; raises KernelError on failure."""
    global _generation
    _generation += 1
    _check_work_group_bound(kernel, index_space)
    func = kernel.simulated(_generation)
    values, copies = _host_arrays(binding.values)
    binding = Binding(binding.item_kind, values)
    with _NumpyRules(), _dtypes.np().errstate(all="ignore"):
        if binding.item_kind == "nd_item":
            _run_nd(kernel, func, index_space, binding.values)
        else:
            _run_flat(kernel, func, index_space, binding)
    for array, host in copies:
        _array.write_from_host(array, host)


def _host_arrays(values):
    """The launch's values with each kiln.DeviceArray as a NumPy array the
    simulated kernel indexes: a CPU-device array is its own memory (no
    copy); any other is copied to the host, and `copies` lists those to
    write back after the launch (all of them: the simulator does not know
    which ones the kernel writes). Compiled launches submitted before
    finish first, so the kernel sees their results."""
    if not any(type(v) is DeviceArray for v in values):
        return values, []
    _array._finish_launches()
    out, copies = [], []
    for value in values:
        if type(value) is not DeviceArray:
            out.append(value)
        elif value._host is not None:
            out.append(value._host)
        else:
            host = value.to_numpy()
            out.append(host)
            copies.append((value, host))
    return out, copies


def _check_work_group_bound(kernel, index_space):
    """`@kernel(max_work_group_size=N)`: the runtime's refusal of larger
    work-groups (docs/language.md §2.3), with its message."""
    bound = kernel.options.get("max_work_group_size")
    local = getattr(index_space, "local_range", None)
    if not bound or local is None:
        return
    size = 1
    for extent in local:
        size *= extent
    if size > bound:
        raise ValueError(f"kernel '{kernel.__name__}': work-group of {size} "
                         f"work-items exceeds the kernel's max_work_group_size "
                         f"of {bound} (@kernel(max_work_group_size=...))")


def _group_local_values(values, local_positions):
    np = _dtypes.np()
    out = list(values)
    for i in local_positions:
        acc = values[i]
        out[i] = np.zeros(acc.shape, acc.dtype.dtype)
    return out


def _run_flat(kernel, func, index_space, binding):
    """Work-items one by one: a Range launch, an Item kernel over an
    NdRange (global ids) or a kernel without a work-item."""
    extents = index_space.global_range if isinstance(index_space, NdRange) else index_space
    rank = extents.ndim
    padded = _pad(tuple(extents), 1)
    local_positions = [i for i, v in enumerate(binding.values) if isinstance(v, LocalAccessor)]
    for ids in itertools.product(*(range(n) for n in padded)):
        state = _memory.GroupState(_sync.NoSync(1), [_sync.NoSync(1)])
        values = _group_local_values(binding.values, local_positions)
        _memory.enter(_memory.WorkItemContext(state))
        try:
            if binding.item_kind is None:
                func(*values)
            else:
                func(Item(ids, padded, rank), *values)
        except Exception as exc:
            _fail(kernel, exc, f"work-item {ids[:rank]}")
        finally:
            _memory.leave()


class _Shape:
    """The geometry of an NdRange launch, padded to three dimensions."""

    def __init__(self, index_space, sg_size):
        self.rank = index_space.ndim
        self.grange = _pad(tuple(index_space.global_range), 1)
        self.lrange = _pad(tuple(index_space.local_range), 1)
        self.ngroups = tuple(g // l for g, l in zip(self.grange, self.lrange))
        self.group_ids = list(itertools.product(*(range(n) for n in self.ngroups)))
        self.local_ids = list(itertools.product(*(range(n) for n in self.lrange)))
        self.size = len(self.local_ids)
        self.sg_size = sg_size
        self.sg_count = -(-self.size // sg_size)
        self._sg_sizes = [min(sg_size, self.size - k * sg_size)
                          for k in range(self.sg_count)]

    def sub_group_sizes(self):
        return self._sg_sizes

    def item(self, gid, lin, state):
        lid = self.local_ids[lin]
        global_id = tuple(g * l + i for g, l, i in zip(gid, self.lrange, lid))
        group = Group(gid, self.ngroups, self.lrange, self.rank, state.sync, lin)
        k = lin // self.sg_size
        sg = SubGroup(state.sub_syncs[k], lin % self.sg_size,
                      self._sg_sizes[k], k, self.sg_count)
        return NdItem(global_id, lid, self.grange, self.lrange, self.rank, group, sg)

    def where(self, gid, lin):
        n = self.rank
        return f"work-group {gid[:n]}, local id {self.local_ids[lin][:n]}"


def _run_nd(kernel, func, index_space, values):
    shape = _Shape(index_space, sub_group_size())
    local_positions = [i for i, v in enumerate(values) if isinstance(v, LocalAccessor)]
    if shape.size == 1 or not synchronises(kernel.py_func):
        _run_nd_sequential(kernel, func, shape, values, local_positions)
    else:
        _run_nd_threads(kernel, func, shape, values, local_positions)


def _run_nd_sequential(kernel, func, shape, values, local_positions):
    for gid in shape.group_ids:
        state = _memory.GroupState(_sync.NoSync(shape.size),
                                   [_sync.NoSync(n) for n in shape.sub_group_sizes()])
        group_values = _group_local_values(values, local_positions)
        for lin in range(shape.size):
            _memory.enter(_memory.WorkItemContext(state))
            try:
                func(shape.item(gid, lin, state), *group_values)
            except Exception as exc:
                _fail(kernel, exc, shape.where(gid, lin))
            finally:
                _memory.leave()


class _Groups:
    """Work-group states, created by the first work-item that reaches a
    group and dropped when its last work-item is done."""

    def __init__(self, shape, values, local_positions, launch):
        self._shape, self._values, self._local = shape, values, local_positions
        self._launch = launch
        self._states = {}
        self._lock = threading.Lock()

    def get(self, index):
        with self._lock:
            entry = self._states.get(index)
            if entry is None:
                shape = self._shape
                state = _memory.GroupState(
                    _sync.GroupSync(shape.size, self._launch),
                    [_sync.GroupSync(n, self._launch) for n in shape.sub_group_sizes()])
                entry = (state, _group_local_values(self._values, self._local))
                self._states[index] = entry
            return entry

    def done(self, index):
        with self._lock:
            state = self._states[index][0]
            state.left += 1
            if state.left == self._shape.size:
                del self._states[index]


def _run_nd_threads(kernel, func, shape, values, local_positions):
    launch = _Launch()
    groups = _Groups(shape, values, local_positions, launch)

    def work(lin):
        np = _dtypes.np()
        with np.errstate(all="ignore"):
            for index, gid in enumerate(shape.group_ids):
                if launch.failed.is_set():
                    return
                state, group_values = groups.get(index)
                item = shape.item(gid, lin, state)
                _memory.enter(_memory.WorkItemContext(state))
                try:
                    func(item, *group_values)
                except _sync.Aborted:
                    return
                except BaseException as exc:
                    launch.fail(exc, shape.where(gid, lin))
                    return
                finally:
                    state.sync.leave()
                    state.sub_syncs[lin // shape.sg_size].leave()
                    _memory.leave()
                    groups.done(index)

    threads = [threading.Thread(target=work, args=(lin,), daemon=True)
               for lin in range(shape.size)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            t.join()
    except BaseException:
        launch.fail(KeyboardInterrupt(), "the host")
        raise
    if launch.error is not None:
        _fail(kernel, launch.error, launch.where)
