"""numba-dpex programs that name an attribute with `getattr(obj, name)`
(issue 24 item 2): `name` a string literal, a module global or a variable
of an enclosing function (a kernel factory's argument), resolved when the
kernel is compiled; compiled on the CPU device and run in the simulator,
checked against NumPy. A name that is no compile-time string, or an
attribute that does not exist, is a kiln.CompileError at the user's line."""

import numpy as np
import pytest

import kiln as dpex
from kiln import kernel_api as kapi
from compiled import needs

OP = "fetch_add"
GET_ID = "get_id"
NOT_A_NAME = 3


@pytest.fixture(params=["compiled", "simulator"])
def mode(request, monkeypatch):
    if request.param == "compiled":
        monkeypatch.delenv("KILN_SIMULATE", raising=False)
        needs("cpu")
    else:
        monkeypatch.setenv("KILN_SIMULATE", "1")
    return request.param


@pytest.fixture
def compiled(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    needs("cpu")


@dpex.device_func
def accumulate(b, x):
    return getattr(kapi.AtomicRef(b, index=0), OP)(x)


@dpex.kernel
def total(item, a, b):
    i = getattr(item, GET_ID)(0)
    accumulate(b, a[i])


def test_global_string_names_the_atomic_method(mode):
    a = np.arange(1, 65, dtype=np.int32)
    b = np.zeros(1, np.int32)
    dpex.call_kernel(total, kapi.Range(64), a, b)
    assert b[0] == a.sum()


def make_reduction(op):
    """A kernel factory: the atomic operation is the factory's argument."""
    @dpex.device_func
    def update(b, x):
        return getattr(kapi.AtomicRef(b, index=0), op)(x)

    @dpex.kernel
    def reduce_(item, a, b):
        i = item.get_id(0)
        update(b, a[i])
    return reduce_


@pytest.mark.parametrize("op, start, expected", [
    ("fetch_add", 0, lambda a: a.sum()),
    ("fetch_max", -100, lambda a: a.max()),
    ("fetch_min", 100, lambda a: a.min()),
    ("fetch_or", 0, lambda a: np.bitwise_or.reduce(a)),
    ("fetch_xor", 0, lambda a: np.bitwise_xor.reduce(a)),
])
def test_closure_string_names_the_atomic_method(mode, op, start, expected):
    a = np.random.default_rng(3).integers(-50, 50, 40).astype(np.int32)
    b = np.full(1, start, np.int32)
    dpex.call_kernel(make_reduction(op), kapi.Range(40), a, b)
    assert b[0] == expected(a)


@dpex.kernel
def literal_names(item, a, out):
    i = getattr(item, "get_id")(0)
    n = getattr(a, "shape")[0]
    out[i] = getattr(kapi.AtomicRef(a, i), "load")() + n


def test_literal_names_methods_and_attributes(mode):
    a = np.arange(8, dtype=np.float32)
    out = np.zeros(8, np.float32)
    dpex.call_kernel(literal_names, kapi.Range(8), a, out)
    assert np.array_equal(out, a + 8)


@dpex.kernel
def local_string(item, b):
    op = "fetch_add"
    getattr(kapi.AtomicRef(b, 0), op)(1)


def test_string_local_assigned_once(mode):
    b = np.zeros(1, np.int32)
    dpex.call_kernel(local_string, kapi.Range(16), b)
    assert b[0] == 16


@dpex.kernel
def local_name(item, b):
    op = item.get_id(0)
    getattr(kapi.AtomicRef(b, 0), op)(1)


@dpex.kernel
def number_name(item, b):
    getattr(kapi.AtomicRef(b, 0), NOT_A_NAME)(1)


def make_missing(op):
    @dpex.kernel
    def missing(item, b):
        getattr(kapi.AtomicRef(b, 0), op)(1)
    return missing


@pytest.mark.parametrize("kernel, line, column, message", [
    (local_name, 2, 35, "the attribute name of getattr must be a compile-time "
                        "string (a string literal, or a string that a module "
                        "global or a variable of an enclosing function holds); "
                        "'op', a local variable, is not one"),
    (number_name, 1, 35, "'NOT_A_NAME', a numeric constant, is not one"),
    (make_missing("fetch_mul"), 1, 39, "'AtomicRef' has no method 'fetch_mul'"),
])
def test_names_not_known_or_missing_are_located_errors(compiled, kernel, line,
                                                       column, message):
    with pytest.raises(dpex.CompileError) as info:
        dpex.call_kernel(kernel, kapi.Range(1), np.zeros(1, np.int32))
    error = info.value
    assert error.filename == __file__
    assert error.lineno == kernel.first_line + 1 + line
    assert error.offset == column
    assert message in str(error)
