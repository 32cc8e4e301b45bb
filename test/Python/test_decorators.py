"""`kiln.kernel` / `kiln.device_func` on functions defined anywhere: what
they record (source, real file and first line, globals, closure cells,
captured numbers) and their forms and errors."""

import inspect

import pytest

import kiln
from kiln import Array, Item, float32

SCALE = 2.5
TABLE = [1, 2]


@kiln.kernel
def module_level(item: Item, x: Array[float32]):
    x[item.get_id(0)] *= SCALE


def make_kernel(shift, degree):
    unused = "text"

    @kiln.kernel(numba_typing=True)
    def nested(item, x):
        x[item.get_id(0)] += shift * degree + len(unused)

    return nested


def test_module_level_kernel_records_its_source_and_place():
    k = module_level
    assert isinstance(k, kiln.Kernel) and k.__name__ == "module_level"
    assert k.filename == __file__
    assert k.first_line == inspect.getsourcelines(module_level.py_func)[1]
    assert k.source.startswith("@kiln.kernel\ndef module_level(")
    assert k.globals is globals()
    assert k.captured_values() == {"SCALE": 2.5}


def test_nested_closure_records_cells_and_captured_numbers():
    k = make_kernel(0.25, 3)
    assert k.options == {"numba_typing": True}
    assert set(k.closure) == {"shift", "degree", "unused"}
    assert k.captured_values() == {"shift": 0.25, "degree": 3}
    # The source is the nested function's own text, indented as in the file,
    # and its first line is the decorator's line in this file.
    assert k.source.startswith("    @kiln.kernel(numba_typing=True)\n")
    lines = open(__file__).read().splitlines()
    assert lines[k.first_line - 1].strip() == "@kiln.kernel(numba_typing=True)"


def test_device_functions_in_every_form():
    @kiln.device_func
    def a(x):
        return x + 1

    @kiln.device_func()
    def b(x):
        return a(x) * 2

    @kiln.device_func(extern=True)
    def c(x: float32) -> float32:
        ...

    assert isinstance(a, kiln.DeviceFunction) and b(3) == 8
    with pytest.raises(NotImplementedError, match="external device function 'c'"):
        c(1.0)


def test_kernels_are_launched_not_called():
    with pytest.raises(TypeError, match="launch it with kiln.call_kernel"):
        module_level(None, None)


def test_unknown_options_and_non_functions_are_errors():
    with pytest.raises(TypeError, match="unknown option.*debugging"):
        kiln.kernel(debugging=True)  # numba-dpex's debug=: test_dpex_options.py
    with pytest.raises(TypeError, match="unknown option.*numba"):
        kiln.device_func(numba=True)
    with pytest.raises(TypeError, match="decorates a Python function"):
        kiln.kernel(len)


def test_source_unavailable_is_recorded_not_raised():
    scope = {"kiln": kiln}
    exec("@kiln.kernel\ndef k(x):\n    x[0] = 1\n", scope)
    k = scope["k"]
    assert k.source is None and k.source_error
    assert k.first_line == 1


@kiln.device_func
def leaf(x):
    return x + 1


@kiln.device_func
def middle(x):
    return leaf(x) * 2


def make_with_helper():
    @kiln.device_func
    def local_helper(x):
        return x - 1

    @kiln.kernel
    def uses(item, a):
        a[0] = middle(local_helper(a[0]))

    return uses


def test_called_device_functions_are_resolved_through_globals_and_closures():
    found = make_with_helper().device_functions()
    assert sorted(found) == ["leaf", "local_helper", "middle"]
    assert found["leaf"] is leaf and found["middle"] is middle
    assert module_level.device_functions() == {}
