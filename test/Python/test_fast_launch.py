"""The warm launch's reused C structs (_fastlaunch.py): the kiln_arg_t
array a fast launch submits holds, byte for byte, what the per-launch
packers of _compiled.py write for the same arguments (every scalar dtype,
bfloat16, local accessors, NdRange extents); the dispatch key of plain
scalars is _key's; bad values are still errors naming the parameter;
events, dependent events and the release of the arguments behave as on
the path with copies."""

import ctypes
import gc
import re
import weakref

import numpy as np
import pytest

import kiln
from kiln import (Item, LocalAccessor, NdItem, bfloat16, float32,
                  float64, int8, int16, int32, int64, uint8, uint16, uint32,
                  uint64)
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@kiln.kernel
def scalars(item: Item, a: bool, b: int8, c: int16, d: int32, e: int64,
            f: uint8, g: uint16, h: uint32, i: uint64, j: float32, k: float64):
    if e < 0:
        e = e + 1


@kiln.kernel
def generic(item, x, y):
    if x < 0:
        x = x + 1


@kiln.kernel
def with_local(it: NdItem, tile: LocalAccessor[float32], n: int64):
    tile[it.get_local_id(0)] = float32(n)


@kiln.kernel
def small(item: Item, v: int8, w: float32):
    if v < 0:
        v = v + 1


SCALARS = (True, -5, 300, -70000, 2**40, 200, 65000, 2**31 + 5, 2**63 + 9,
           1.5, -2.25)


@kiln.kernel
def widen(item: Item, b: bfloat16):
    if b < 0:
        b = b + 1


def _spec(kernel):
    (spec,) = kernel._dispatch.values()
    return spec


def _slow_bytes(spec, args):
    """The arguments as _compiled's per-launch packers write them."""
    arg_structs = (kiln._capi.Arg * len(spec.packers))()
    for j, (i, pack) in enumerate(zip(spec.positions, spec.packers)):
        pack(args[i], arg_structs[j], None)
    return bytes(arg_structs)


def _fast_bytes(spec, space, args):
    from kiln import _fastlaunch
    block = _fastlaunch._Block(spec.fast)
    spec.fast._fill(block, space, args)
    n = len(spec.packers)
    data = ctypes.string_at(ctypes.addressof(block.args),
                            n * ctypes.sizeof(kiln._capi.Arg))
    return data, list(block.global_), block.local and list(block.local)


def test_scalars_of_every_dtype_pack_as_the_packers_do():
    space = kiln.Range(4)
    kiln.call_kernel(scalars, space, *SCALARS)
    spec = _spec(scalars)
    assert spec.fast is not None
    data, extents, local = _fast_bytes(spec, space, SCALARS)
    assert data == _slow_bytes(spec, SCALARS)
    assert extents == [4, 0, 0] and local is None


def test_bfloat16_field_writes_the_packers_bits():
    # The CPU device has no bfloat16: the packers are compared unlaunched.
    from kiln import _compiled, _fastlaunch
    _compiled._init()
    pack = _compiled._packer(widen, "b", np.float32(1.5))
    slow = (kiln._capi.Arg * 1)()
    pack(np.float32(-2.75), slow[0], None)
    fast = (kiln._capi.Arg * 1)()
    fast[0].kind, fast[0].dtype = pack.field.kind, pack.field.dtype
    write, offset = pack.field.writer(0)
    write(memoryview(fast).cast("B"), offset, np.float32(-2.75))
    assert bytes(fast) == bytes(slow)


def test_generic_numpy_scalars_pack_as_the_packers_do():
    args = (np.float32(0.5), np.uint16(7))
    kiln.call_kernel(generic, kiln.Range(2, 3), *args)
    spec = _spec(generic)
    data, extents, _ = _fast_bytes(spec, kiln.Range(2, 3), args)
    assert data == _slow_bytes(spec, args)
    assert extents == [2, 3, 0]


def test_local_accessor_shape_and_nd_range_are_written_per_launch():
    first = kiln.NdRange(kiln.Range(8), kiln.Range(4))
    kiln.call_kernel(with_local, first, LocalAccessor((4,), np.float32), 3)
    spec = _spec(with_local)
    assert spec.fast is not None
    second = kiln.NdRange(kiln.Range(16), kiln.Range(8))
    args = (LocalAccessor((8,), np.float32), 5)
    kiln.call_kernel(with_local, second, *args)
    assert len(with_local._dispatch) == 1  # one specialization, two shapes
    data, extents, local = _fast_bytes(spec, second, args)
    assert data == _slow_bytes(spec, args)
    assert extents == [16, 0, 0] and local == [8, 0, 0]


def test_plain_scalar_key_is_the_general_key():
    from kiln import _compiled
    device = kiln.Device("cpu")
    args = (np.float32(0.5), 3)
    kiln.call_kernel(generic, kiln.Range(5), *args, device=device)
    key = _compiled._key(device, kiln.Range(5), args, frozenset())
    assert key in generic._dispatch
    count = len(generic._dispatch)
    kiln.call_kernel(generic, kiln.Range(5), np.float32(1.5), 4, device=device)
    assert len(generic._dispatch) == count


@kiln.kernel
def fill(item, out, value):
    out[0] = value


def test_numpy_arrays_take_the_path_with_copies():
    out = np.zeros(1, np.int64)
    kiln.call_kernel(fill, kiln.Range(1), out, 2)
    assert out[0] == 2 and _spec(fill).fast is None


@pytest.mark.parametrize("args, message", [
    ((300, 1.0), "parameter 'v': 300 does not fit in int8"),
    ((-129, 1.0), "parameter 'v': -129 does not fit in int8"),
    ((1, 1e300), "parameter 'w': 1e+300 does not fit in float32"),
])
def test_values_out_of_range_name_the_parameter(args, message):
    kiln.call_kernel(small, kiln.Range(1), 1, 1.0)  # compiled, fast plan made
    assert _spec(small).fast is not None
    with pytest.raises(ValueError, match=re.escape(message)):
        kiln.call_kernel_async(small, kiln.Range(1), [], *args)
    kiln.call_kernel(small, kiln.Range(1), 2, 2.0)  # the pooled block still works


def test_events_dependencies_and_release_of_the_arguments():
    class Value(float):  # weakly referenced, unlike ints
        pass
    kiln.call_kernel(generic, kiln.Range(1), 1, 2)
    value = Value(5.0)
    ref = weakref.ref(value)
    # A subclass of int is not a plain type: its own key and specialization.
    host, dev = kiln.call_kernel_async(generic, kiln.Range(1), [], value, 2)
    events = [dev]
    for _ in range(100):
        events = list(kiln.call_kernel_async(generic, kiln.Range(1), events, 1, 2))
    for event in events:
        event.wait()
        assert event.is_complete() and not event.failed
    host.wait()
    del value, host, dev
    gc.collect()
    assert ref() is None


def test_launches_from_threads_share_the_pool():
    import threading
    kiln.call_kernel(generic, kiln.Range(1), 1, 2)
    errors = []

    def worker():
        try:
            for k in range(200):
                kiln.call_kernel_async(generic, kiln.Range(1), [], k, 2)
        except Exception as exc:  # reported below
            errors.append(exc)
    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    kiln.call_kernel(generic, kiln.Range(1), 1, 2)
    assert errors == []
    plans = [s.fast for s in generic._dispatch.values() if s.fast]
    # The ctypes path pools its blocks; the C launcher packs on the stack.
    assert all(p.c is not None for p in plans) or len(_fast_pool(generic)) >= 1


def _fast_pool(kernel):
    return [b for s in kernel._dispatch.values() if s.fast for b in s.fast.pool]
