"""kiln.call_kernel_async in C (kiln._claunch.call_kernel_async,
python/lib/launch_entry.c): installed at `import kiln` where the
extension is built (every alias gets it), the Python function otherwise.
A warm launch with nothing to wait for and no queue= goes through the
kernel's entry plan without calling the Python function; every other call
(no plan yet, other arguments, a value that does not fit, dependent
events, queue=, the simulator, bad arguments) is passed to it, with the
same results and the same errors. The objects passed are held until the
launch's record completes: its group's marker where launches go without
events, its own event elsewhere."""

import ctypes
import gc
import os
import subprocess
import sys
import weakref

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32, int64
from compiled import needs


def _c_entry():
    """kiln._claunch, or skip: the package runs the Python function."""
    from kiln import _compiled, _fastlaunch
    _compiled._init()
    if _fastlaunch.extension is None:
        pytest.skip("kiln._claunch is not built or KILN_LAUNCH_EXTENSION=0")
    assert kiln.call_kernel_async is _fastlaunch.extension.call_kernel_async
    return _fastlaunch.extension


@pytest.fixture
def fallbacks(monkeypatch):
    """The calls the C entry passed to the Python function (a list of
    their positional arguments), counted while the test runs."""
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    needs("cpu")
    yield from _counted_fallbacks()


def _counted_fallbacks():
    extension = _c_entry()
    from kiln import _launch
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return _launch.call_kernel_async(*args, **kwargs)
    extension.install("fallback", counted)
    yield calls
    extension.install("fallback", _launch.call_kernel_async)


# Kernels made per test, so that their plans take the test's cover mode
# (a plan reads it when made).
def _kernels():
    @kiln.kernel
    def quick(item: Item, n: int64):
        if n < 0:
            n = n + 1

    @kiln.kernel
    def put(item: Item, out: Array[int64], token: Array[float32], v: int64):
        out[item.get_id(0)] = v

    return quick, put


def _run(code, **env):
    environ = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(
        kiln.__file__)), **env)
    return subprocess.run([sys.executable, "-c", code], env=environ,
                          capture_output=True, text=True, check=True).stdout


def test_every_alias_gets_the_installed_entry():
    from kiln import _launch
    if kiln.call_kernel_async is _launch.call_kernel_async:
        assert os.environ.get("KILN_LAUNCH_EXTENSION") == "0" or not any(
            name.startswith("_claunch") for name in
            os.listdir(os.path.dirname(kiln.__file__)))
        return
    # Installed at import, before any launch: early aliases get it too.
    code = ("from kiln import call_kernel_async as f; import kiln; "
            "print(type(f).__name__, f is kiln.call_kernel_async, "
            "f is kiln._launch.call_kernel_async, f.__module__)")
    assert _run(code).split() == ["builtin_function_or_method", "True",
                                  "False", "kiln._claunch"]
    assert _run(code, KILN_LAUNCH_EXTENSION="0").split()[:3] == [
        "function", "True", "True"]


def test_warm_launches_do_not_call_the_python_function(fallbacks):
    quick, put = _kernels()
    out = kiln.zeros(4, np.int64)
    token = kiln.zeros(1, np.float32)
    kiln.call_kernel_async(put, kiln.Range(4), [], out, token, 1)[0].wait()
    assert len(fallbacks) == 1  # the first: compiled, then the entry plan
    cpu = kiln.Device("cpu")
    for device in (None, cpu, "cpu"):
        host, dev = kiln.call_kernel_async(put, kiln.Range(4), (), out, token,
                                           7, device=device)
        host.wait()
        assert list(out.to_numpy()) == [7] * 4 and dev.is_complete()
    assert len(fallbacks) == 1


def test_other_calls_go_to_the_python_function(fallbacks, monkeypatch):
    quick, put = _kernels()
    out = kiln.zeros(4, np.int64)
    token = kiln.zeros(1, np.float32)
    kiln.call_kernel(put, kiln.Range(4), out, token, 1)  # the entry plan
    base = kiln.call_kernel_async(put, kiln.Range(4), [], out, token, 2)
    assert not fallbacks
    calls = [
        lambda: kiln.call_kernel_async(put, kiln.Range(4), list(base), out,
                                       token, 3),  # dependent events
        lambda: kiln.call_kernel_async(put, kiln.Range(4), [], out, token, 4,
                                       queue=kiln.Queue(kiln.Device("cpu"))),
        lambda: kiln.call_kernel_async(put, kiln.Range(2, 2), [], out, token,
                                       5),  # the index space's rank
        lambda: kiln.call_kernel_async(put, kiln.Range(4), [], out, token,
                                       np.int32(6)),  # another type
        lambda: kiln.call_kernel_async(quick, kiln.Range(1), [], 1),  # no plan
    ]
    for k, call in enumerate(calls, 1):
        call()[0].wait()
        assert len(fallbacks) == k
    # The last specialization launched is the kernel's entry: back to ints.
    kiln.call_kernel(put, kiln.Range(4), out, token, 1)
    monkeypatch.setenv("KILN_SIMULATE", "1")
    kiln.call_kernel_async(put, kiln.Range(4), [], np.zeros(4, np.int64),
                           np.zeros(1, np.float32), 9)[0].wait()
    assert len(fallbacks) == len(calls) + 1
    monkeypatch.setenv("KILN_SIMULATE", "0")
    kiln.call_kernel_async(put, kiln.Range(4), [], out, token, 8)[0].wait()
    assert len(fallbacks) == len(calls) + 1  # "0" is off, as in Python
    host = np.zeros(4, np.int64)
    kiln.call_kernel_async(put, kiln.Range(4), [], host, np.zeros(
        1, np.float32), 10, device="python")[0].wait()
    assert list(host) == [10] * 4 and len(fallbacks) == len(calls) + 2
    assert list(out.to_numpy()) == [8] * 4


def _errors(call):
    """(type, message) of what `call` raised."""
    with pytest.raises(Exception) as info:
        call()
    return type(info.value), str(info.value)


def test_errors_are_the_python_functions(fallbacks):
    from kiln import _launch
    quick, put = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)
    cases = [
        ((quick, kiln.Range(1), [], 2**63), {}),  # does not fit: ValueError
        ((quick, kiln.Range(1), [], 1), {"devices": None}),  # a bad keyword
        ((quick, kiln.Range(1)), {}),  # too few arguments
        ((quick, kiln.Range(1), [object()], 1), {}),  # not an event
        ((len, kiln.Range(1), [], 1), {}),  # not a kernel
    ]
    for args, kwargs in cases:
        c = _errors(lambda: kiln.call_kernel_async(*args, **kwargs))
        assert c == _errors(lambda: _launch.call_kernel_async(*args, **kwargs))
    assert _errors(lambda: kiln.call_kernel_async(
        quick, kiln.Range(1), [], 2**63))[1].startswith("parameter 'n'")


def test_a_failed_submission_is_the_python_paths_error(fallbacks):
    extension = _c_entry()
    from kiln import _capi, _fastlaunch
    quick, _ = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)
    refuse = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                              ctypes.c_void_p, ctypes.c_size_t,
                              ctypes.c_void_p)(lambda *a: _capi.INVALID_ARGUMENT)
    real = _fastlaunch.library_functions()
    # Without the plan functions: every launch through the refusing submit.
    extension.use_library(ctypes.cast(refuse, ctypes.c_void_p).value,
                          *real[1:3])
    try:
        c = _errors(lambda: kiln.call_kernel_async(quick, kiln.Range(1), [], 1))
        plan = quick._fast_entry
        python = _errors(lambda: plan.try_launch_now(kiln.Range(1), (1,), None))
    finally:
        extension.use_library(*real)
    assert c[0] is ValueError and c[1].startswith("launch: ")
    assert c == python and not fallbacks


@pytest.mark.parametrize("mode", ["always", "never"])
def test_objects_are_held_until_the_record_completes(fallbacks, monkeypatch,
                                                     mode):
    from kiln import _fastlaunch
    monkeypatch.setattr(_fastlaunch, "cover_mode", mode)
    quick, put = _kernels()
    out = kiln.zeros(4, np.int64)
    kiln.call_kernel(put, kiln.Range(4), out, kiln.zeros(1, np.float32), 1)
    token = kiln.zeros(1, np.float32)
    alive = weakref.ref(token)
    host, dev = kiln.call_kernel_async(put, kiln.Range(4), [], out, token, 3)
    del token
    assert not fallbacks
    record = dev._launch
    grouped = type(record) is _fastlaunch._Group
    assert grouped == (mode == "always" and put._fast_entry.tail is not None)
    if grouped:  # the open group holds the arguments; its marker is not out
        assert record.marker is None and record.objects[-1][1] is alive()
        again = kiln.call_kernel_async(put, kiln.Range(4), [], out,
                                       kiln.zeros(1, np.float32), 4)
        assert again == (host, dev)  # one event pair for the open group
    gc.collect()
    assert alive() is not None
    host.wait()
    assert record.done
    gc.collect()
    assert alive() is None
    assert list(out.to_numpy()) == [4 if grouped else 3] * 4
    if grouped:  # a completed group's late joiner gets events of its own
        assert record.pair is None and record.events() != (host, dev)


def test_the_group_closes_when_full(fallbacks, monkeypatch):
    from kiln import _fastlaunch
    monkeypatch.setattr(_fastlaunch, "cover_mode", "always")
    quick, _ = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)
    if quick._fast_entry.tail is None:
        pytest.skip("the CPU device's queue has no markers")
    events = [kiln.call_kernel_async(quick, kiln.Range(1), [], i)[1]
              for i in range(2 * _fastlaunch._GROUP + 1)]
    groups = [e._launch for e in events]
    first, second, third = groups[0], groups[_fastlaunch._GROUP], groups[-1]
    assert groups.count(first) == _fastlaunch._GROUP and first is not second
    assert first.marker is not None or first.done  # closed by the C entry
    assert third.marker is None and third.objects == [(2 * _fastlaunch._GROUP,)]
    assert not fallbacks
    kiln.call_kernel(quick, kiln.Range(1), 1)
    assert all(e.is_complete() for e in events)


def test_grouped_launches_go_through_a_launch_plan(fallbacks, monkeypatch):
    # Launches without an event submit through the C launcher's launch
    # plan (kiln_launch_plan_submit), made at its first (call_kernel's);
    # with the plan functions withheld, through kiln_queue_submit: the same
    # results.
    extension = _c_entry()
    from kiln import _fastlaunch
    monkeypatch.setattr(_fastlaunch, "cover_mode", "always")
    if len(_fastlaunch.library_functions()) < 7:
        pytest.skip("the loaded libkiln.so has no launch plans")
    quick, put = _kernels()
    out = kiln.zeros(4, np.int64)
    token = kiln.zeros(1, np.float32)
    kiln.call_kernel(put, kiln.Range(4), out, token, 1)
    launcher = put._fast_entry.c
    if put._fast_entry.tail is None:
        pytest.skip("the CPU device's queue has no markers")
    for v in range(2, 2 + 3 * _fastlaunch._GROUP):
        kiln.call_kernel_async(put, kiln.Range(4), [], out, token, v)
    kiln.call_kernel(quick, kiln.Range(1), 1)  # waits for every group
    assert launcher.uses_plan() and not fallbacks
    assert list(out.to_numpy()) == [1 + 3 * _fastlaunch._GROUP] * 4
    real = _fastlaunch.library_functions()
    extension.use_library(*real[:3])
    try:
        kiln.call_kernel_async(put, kiln.Range(4), [], out, token, 77)[0].wait()
    finally:
        extension.use_library(*real)
    assert list(out.to_numpy()) == [77] * 4


def test_on_cuda_warm_launches_are_grouped_through_a_plan(monkeypatch):
    # CUDA's default (launch groups, "auto"): the C entry's launches go
    # without events through the launcher's plan, hold their objects until
    # the group's marker completes and give the right results.
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    cuda = needs("cuda:0")
    from kiln import _fastlaunch
    calls = _counted_fallbacks()
    fallbacks = next(calls)
    try:
        _, put = _kernels()
        out = kiln.zeros(4, np.int64, device=cuda)
        token = kiln.zeros(1, np.float32, device=cuda)
        kiln.call_kernel(put, kiln.Range(4), out, token, 1)
        plan = put._fast_entry
        assert plan.tail is not None and plan.c.uses_plan() == (
            len(_fastlaunch.library_functions()) == 7)
        mine = kiln.zeros(1, np.float32, device=cuda)
        alive = weakref.ref(mine)
        host, dev = kiln.call_kernel_async(put, kiln.Range(4), [], out, mine, 2)
        del mine
        for v in range(3, 3 + _fastlaunch._GROUP):
            kiln.call_kernel_async(put, kiln.Range(4), [], out, token, v)
        assert not fallbacks and type(dev._launch) is _fastlaunch._Group
        host.wait()
        gc.collect()
        assert alive() is None
        kiln.call_kernel(put, kiln.Range(4), out, token, 9)
        assert list(out.to_numpy()) == [9] * 4
    finally:
        next(calls, None)
