"""Errors of compiled launches: a compile error is a kiln.CompileError at
the user's file and line with the caret; bad arguments are TypeError or
ValueError naming the parameter, raised before anything runs; a missing
device says what is missing."""

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32, int8
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@kiln.kernel
def broken(item: Item, x: Array[float32]):
    i = item.get_id(0)
    x[i] = x[i] + undefined_name  # noqa: F821 (the error under test)


@kiln.kernel
def scale(item: Item, x: Array[float32], s: int8):
    x[item.get_id(0)] *= s


def test_compile_error_points_at_the_users_line():
    with pytest.raises(kiln.CompileError) as info:
        kiln.call_kernel(broken, kiln.Range(4), np.ones(4, np.float32))
    error = info.value
    line = broken.first_line + 3
    assert error.filename == __file__ and error.lineno == line
    text = str(error)
    assert f"{__file__}:{line}:19: error: use of undefined name 'undefined_name'" in text
    assert "    x[i] = x[i] + undefined_name" in text
    assert "\n                  ^" in text  # the caret under the name
    assert not broken._dispatch  # nothing cached


def test_error_in_a_nested_kernel_names_its_line():
    def make2(scale):
        @kiln.kernel
        def inner(item, x):
            x[item.get_id(0)] = scale.missing
        return inner
    kernel = make2(2.0)
    with pytest.raises(kiln.CompileError) as info:
        kiln.call_kernel(kernel, kiln.Range(2), np.ones(2, np.float32))
    assert info.value.lineno == kernel.first_line + 2
    assert "x[item.get_id(0)] = scale.missing" in str(info.value)


@pytest.mark.parametrize("args, error, message", [
    ((np.ones(4, np.float64), 2), TypeError,
     r"parameter 'x' of kernel 'scale' expects an array of float32, got float64"),
    ((np.ones(4, np.float32),), TypeError,
     r"kernel 'scale' takes 2 argument\(s\) \(x, s\) but 1 were given"),
    ((np.ones(4, np.float32), 300), ValueError, r"parameter 's' .* 300 does not fit in int8"),
    ((np.ones(4, np.float32), 1.5), TypeError, r"parameter 's' .* expects an integer"),
])
def test_bad_arguments_name_the_parameter(args, error, message):
    with pytest.raises(error, match=message):
        kiln.call_kernel(scale, kiln.Range(4), *args)


def test_a_cached_specialization_still_checks_values():
    x = np.ones(4, np.float32)
    kiln.call_kernel(scale, kiln.Range(4), x, 3)
    assert (x == 3).all()
    with pytest.raises(ValueError, match=r"parameter 's': 300 does not fit in int8"):
        kiln.call_kernel(scale, kiln.Range(4), x, 300)


def test_unknown_device_says_what_is_missing():
    with pytest.raises(ValueError, match=r"kiln.Device\('level_zero:7'\)"):
        kiln.Device("level_zero:7")
    with pytest.raises(TypeError, match="selector string"):
        kiln.Device(3)


def test_a_kernel_without_source_says_so():
    scope = {"kiln": kiln}
    exec("@kiln.kernel\ndef made(item, x):\n    x[0] = 1\n", scope)
    with pytest.raises(TypeError, match=r"'made' cannot be compiled: its source is not available"):
        kiln.call_kernel(scope["made"], kiln.Range(1), np.zeros(1, np.float32))


def undecorated(item, x, factor):
    x[item.get_id(0)] = x[item.get_id(0)] * factor


def test_a_kernel_made_without_decorator_syntax_compiles():
    kernel = kiln.kernel(undecorated)
    x = np.arange(4, dtype=np.float64)
    kiln.call_kernel(kernel, kiln.Range(4), x, 3.0)
    assert (x == 3 * np.arange(4)).all()
