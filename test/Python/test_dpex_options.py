"""numba-dpex's decorator options and `kernel_api.call_kernel` on an
undecorated function.

* `@kernel(debug=True)` / `boundscheck=True` ask for debug mode
  (`Kernel.debug`): the simulator checks indices anyway; compiled launches
  cannot have it yet (the compiler's C API has no -g) and say so once per
  kernel. The other numba options are accepted, kept out of the compiled
  text, and warn once per option (silent where the value asks for what Kiln
  always does); unknown options stay a TypeError naming them.
* `kapi.call_kernel(f, ...)` on a plain function runs it in the simulator
  (numba-dpex's kernel_api runs it in Python), its arguments checked as a
  kernel's; a compiled device or queue is a ValueError."""

import warnings

import numpy as np
import pytest

import kiln
from kiln import _decorators, _source
from kiln import kernel_api as kapi
from compiled import needs


@pytest.fixture(autouse=True)
def fresh_warnings(monkeypatch):
    """Each test sees the first use of each option in the process."""
    monkeypatch.setattr(_decorators, "_warned", set())
    monkeypatch.delenv("KILN_SIMULATE", raising=False)


def _decorate(**options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")

        @kiln.kernel(**options)
        def k(item, a):
            a[item.get_id(0)] += 1
    return k, [w for w in caught if issubclass(w.category, RuntimeWarning)]


# --- debug and boundscheck -------------------------------------------------

@pytest.mark.parametrize("options", [{"debug": True}, {"boundscheck": True},
                                     {"debug": True, "boundscheck": False}])
def test_debug_mode_is_asked_for(options):
    k, caught = _decorate(**options)
    assert k.debug and not caught
    assert k.options == {} and k.numba_options == options
    assert _source._decorator(k) == "@kiln.kernel()"  # not in the compiled text


@pytest.mark.parametrize("options", [{}, {"debug": False}, {"boundscheck": None}])
def test_no_debug_mode(options):
    k, caught = _decorate(**options)
    assert not k.debug and not caught


def test_debug_kernels_in_the_simulator_check_indices():
    k, _ = _decorate(debug=True)
    a = np.zeros(4, np.int64)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kiln.call_kernel(k, kiln.Range(4), a, device="python")
        assert list(a) == [1] * 4
        with pytest.raises(kiln.KernelError, match="IndexError"):
            kiln.call_kernel(k, kiln.Range(5), a, device="python")


def test_compiled_debug_launches_say_they_have_no_checks():
    needs("cpu")
    k, _ = _decorate(debug=True)
    a = np.zeros(4, np.int64)
    with pytest.warns(RuntimeWarning, match=r"kernel 'k': debug=True cannot be "
                      r"honoured by compiled launches.*-g") as record:
        kiln.call_kernel(k, kiln.Range(4), a)
    assert record[0].filename == __file__  # the user's line
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once per kernel
        kiln.call_kernel(k, kiln.Range(4), a)
    assert list(a) == [2] * 4


# --- Options that mean nothing for Kiln ------------------------------------

IGNORED = [("fastmath", True), ("release_gil", True), ("no_compile", False),
           ("inline", "always"), ("nopython", False), ("cache", False),
           ("enable_cache", False), ("nogil", True), ("parallel", True),
           ("error_model", "python"), ("inline_threshold", 3),
           ("forceinline", True), ("looplift", False), ("forceobj", True),
           ("no_rewrites", True), ("no_cpython_wrapper", True),
           ("no_cfunc_wrapper", True), ("writable_args", (0,)),
           ("experimental", True)]


@pytest.mark.parametrize("name, value", IGNORED)
def test_numba_options_warn_once(name, value):
    k, caught = _decorate(**{name: value})
    assert len(caught) == 1 and f"option {name}={value!r} is ignored" in str(caught[0].message)
    assert caught[0].filename == __file__
    assert k.options == {} and k.numba_options == {name: value} and not k.debug
    k, caught = _decorate(**{name: value})
    assert not caught  # once per option and process


@pytest.mark.parametrize("options", [{"nopython": True}, {"cache": True},
                                     {"enable_cache": True}, {"forceobj": False},
                                     {"error_model": "numpy"}])
def test_what_kiln_does_anyway_is_silent(options):
    assert not _decorate(**options)[1]


def test_unknown_options_stay_errors():
    with pytest.raises(TypeError, match="unknown option.*bogus"):
        kiln.kernel(bogus=True, fastmath=True)
    with pytest.raises(TypeError, match="unknown option.*_nrt"):
        kiln.kernel(_nrt=True)
    with pytest.raises(TypeError, match="unknown option.*max_work_group_size"):
        kiln.device_func(max_work_group_size=4)


def test_device_functions_accept_them_and_debug_is_the_kernels():
    with pytest.warns(RuntimeWarning, match=r"option debug=True is ignored: "
                      r"debug mode is the kernel's"):
        @kiln.device_func(debug=True)
        def f(x):
            return x + 1
    assert f.options == {} and f(1) == 2
    with pytest.warns(RuntimeWarning, match="fastmath"):
        g = kiln.device_func(fastmath=True, numba_typing=True)(lambda x: x)
    assert g.options == {"numba_typing": True}


@pytest.mark.parametrize("mode", ["simulator", "compiled"])
def test_kernels_with_numba_options_launch(mode, recwarn):
    device = needs("cpu") if mode == "compiled" else "python"

    @kiln.device_func(inline=True)
    def twice(x):
        return x * 2

    @kiln.kernel(fastmath=True, max_work_group_size=64, cache=True)
    def scaled(it, a, out):
        i = it.get_global_id(0)
        out[i] = twice(a[i])

    assert scaled.options == {"max_work_group_size": 64}
    assert _source._decorator(scaled) == "@kiln.kernel(max_work_group_size=64)"
    a = np.arange(8, dtype=np.float32)
    out = np.zeros_like(a)
    kiln.call_kernel(scaled, kiln.NdRange(8, 4), a, out, device=device)
    assert list(out) == list(a * 2)
    with pytest.raises(ValueError, match="max_work_group_size of 64"):
        kiln.call_kernel(scaled, kiln.NdRange(128, 128), np.zeros(128, np.float32),
                         np.zeros(128, np.float32), device=device)


# --- kernel_api.call_kernel on an undecorated function ----------------------

def vecadd(item, a, b, c):
    i = item.get_id(0)
    c[i] = a[i] + b[i]


def reverse_in_groups(it, x, tile, out):
    lid = it.get_local_id(0)
    g = it.get_global_id(0)
    tile[lid] = x[g]
    kapi.group_barrier(it.get_group())
    out[g] = tile[it.get_local_range(0) - 1 - lid]


def test_plain_functions_run_in_the_simulator():
    assert kapi.call_kernel is kiln.call_kernel
    a, b = np.arange(10.0), np.ones(10)
    c = np.zeros(10)
    kapi.call_kernel(vecadd, kapi.Range(10), a, b, c)  # KILN_SIMULATE unset
    assert list(c) == list(a + 1)
    x = np.arange(8, dtype=np.float32)
    out = np.zeros_like(x)
    nd = kapi.NdRange((8,), (4,))
    kapi.call_kernel(reverse_in_groups, nd, x,
                     kapi.LocalAccessor(nd.local_range, np.float32), out)
    assert list(out) == [3, 2, 1, 0, 7, 6, 5, 4]
    c[:] = 0
    host, dev = kiln.call_kernel_async(vecadd, kiln.Range(10), [], a, b, c)
    host.wait()
    assert list(c) == list(a + 1) and dev.is_complete()


def test_plain_functions_checked_as_kernels():
    a = np.zeros(4)
    with pytest.raises(TypeError, match=r"'vecadd' is not a @kiln.kernel: an "
                       r"undecorated function takes the work-item, then one "
                       r"parameter per argument; it has 4 parameter\(s\) "
                       r"\(item, a, b, c\) for 2 argument\(s\)"):
        kapi.call_kernel(vecadd, kapi.Range(4), a, a)
    with pytest.raises(TypeError, match=r"it has 3 parameter\(s\).* for 3 argument"):
        kapi.call_kernel(lambda a, b, c: None, kapi.Range(4), a, a, a)  # no work-item
    with pytest.raises(TypeError, match=r"parameter 'b' of kernel 'vecadd' expects "
                       "a NumPy array, got list"):
        kapi.call_kernel(vecadd, kapi.Range(4), a, [1, 2, 3, 4], a)

    def star(item, *args):
        pass
    with pytest.raises(TypeError, match="parameter 'args' must be a plain positional"):
        kapi.call_kernel(star, kapi.Range(4), a)
    with pytest.raises(ValueError, match="takes an NdItem"):
        kapi.call_kernel(_nd_only, kapi.Range(4), a)
    with pytest.raises(TypeError, match="must be a @kiln.kernel function "
                       r"\(or an undecorated Python function"):
        kapi.call_kernel(print, kapi.Range(4), a)
    with pytest.raises(kiln.KernelError, match="IndexError"):
        kapi.call_kernel(vecadd, kapi.Range(5), a, a, a)


def _nd_only(it: kapi.NdItem, a):
    a[it.get_global_id(0)] = 1


@pytest.mark.parametrize("where", ["cpu", "device", "queue"])
def test_plain_functions_are_not_compiled(where):
    a = np.zeros(4)
    kwargs = {"device": "cpu"} if where == "cpu" else (
        {"device": needs("cpu")} if where == "device" else
        {"queue": kiln.Queue(needs("cpu"))})
    with pytest.raises(ValueError, match="'vecadd' is not a @kiln.kernel: an "
                       "undecorated function runs in the simulator only"):
        kapi.call_kernel(vecadd, kapi.Range(4), a, a, a, **kwargs)
    with pytest.raises(ValueError, match="not a @kiln.kernel"):
        kiln.call_kernel_async(vecadd, kapi.Range(4), [], a, a, a, **kwargs)
