"""Integer `//` and `%` at run time (docs/language.md §6.3, issue 25): a
zero divisor gives 0 for every signed and unsigned width, the signed
minimum `// -1` gives the minimum (wrapping) and `% -1` gives 0, also for
`//=` and `%=`; floats keep NumPy's results. The simulator gives the same
results as compiled kernels (CPU device), for NumPy scalars (array
elements, typed scalar arguments) and Python ints (ids, `range`), without
ZeroDivisionError and without NumPy warnings (turned into errors here)."""

import warnings

import numpy as np
import pytest

import kiln
from kiln import kernel_api as kapi
from compiled import needs

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


@pytest.fixture(params=["simulator", "compiled"])
def device(request, monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    if request.param == "compiled":
        return needs("cpu")
    return "python"


@pytest.fixture(autouse=True)
def no_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def _wrap(value, dtype):
    bits = np.dtype(dtype).itemsize * 8
    value &= (1 << bits) - 1
    if np.dtype(dtype).kind == "i" and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


def _expected(a, b, op, dtype):
    """The spec's result, from Python ints."""
    if b == 0:
        return 0
    return _wrap(a // b if op == "//" else a % b, dtype)


def _operands(dtype):
    info = np.iinfo(dtype)
    pairs = [(7, 0), (0, 0), (info.max, 0), (info.min, 0), (7, 2), (9, 3),
             (info.max, 1), (info.max, info.max)]
    if info.min < 0:
        pairs += [(info.min, -1), (info.min, 0), (-7, 2), (7, -2), (-7, -2),
                  (info.max, -1), (info.min, 1), (-1, info.min)]
    return pairs


@kiln.kernel
def divide(item, a, b, q, r):
    i = item.get_id(0)
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]


@kiln.kernel
def divide_in_place(item, a, b, q, r):
    i = item.get_id(0)
    q[i] = a[i]
    q[i] //= b[i]
    x = a[i]
    x %= b[i]
    r[i] = x


@pytest.mark.parametrize("dtype", INTS)
@pytest.mark.parametrize("kernel", [divide, divide_in_place])
def test_every_width_both_operators(device, dtype, kernel):
    pairs = _operands(dtype)
    a = np.array([p[0] for p in pairs], dtype)
    b = np.array([p[1] for p in pairs], dtype)
    q, r = np.full_like(a, 5), np.full_like(a, 5)
    kiln.call_kernel(kernel, kiln.Range(len(pairs)), a, b, q, r, device=device)
    assert [int(v) for v in q] == [_expected(x, y, "//", dtype) for x, y in pairs]
    assert [int(v) for v in r] == [_expected(x, y, "%", dtype) for x, y in pairs]


@kiln.kernel
def by_scalar(item, a, d: kiln.int32, e, q):
    i = item.get_id(0)
    q[i, 0] = a[i] // d
    q[i, 1] = a[i] % d
    q[i, 2] = a[i] // e   # e: a generic int, int64
    q[i, 3] = a[i] % e


@pytest.mark.parametrize("d", [0, -1])
def test_scalar_arguments(device, d):
    a = np.array([5, -5, np.iinfo(np.int32).min], np.int32)
    q = np.full((3, 4), 7, np.int64)
    kiln.call_kernel(by_scalar, kiln.Range(3), a, d, d, q, device=device)
    for row, x in zip(q, a):
        x = int(x)
        assert list(row[:2]) == [_expected(x, d, "//", "int32"), _expected(x, d, "%", "int32")]
        assert list(row[2:]) == [_expected(x, d, "//", "int64"), _expected(x, d, "%", "int64")]


@kiln.kernel
def python_ints(item, q):
    i = item.get_id(0)
    lid = i - i          # 0, a Python int in the simulator
    q[i, 0] = i // lid
    q[i, 1] = i % lid
    t = i + 3
    t //= lid
    q[i, 2] = t
    u = i + 3
    u %= lid
    q[i, 3] = u
    s = 0
    for j in range(3):   # j == 0 first
        s += 10 // j + 10 % j
    q[i, 4] = s


def test_python_ints_from_ids_and_range(device):
    q = np.full((4, 5), 9, np.int64)
    kiln.call_kernel(python_ints, kiln.Range(4), q, device=device)
    assert (q[:, :4] == 0).all()
    assert (q[:, 4] == (10 // 1 + 10 % 1) + (10 // 2 + 10 % 2)).all()


@kiln.kernel
def floats(item, a, b, q, r):
    i = item.get_id(0)
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_floats_keep_numpy_results(device, dtype):
    a = np.array([1.0, -1.0, 0.0, 5.5, -5.5, 3.0], dtype)
    b = np.array([0.0, 0.0, 0.0, -0.0, 2.0, -2.0], dtype)
    q, r = np.zeros_like(a), np.zeros_like(a)
    kiln.call_kernel(floats, kiln.Range(len(a)), a, b, q, r, device=device)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(q, np.floor_divide(a, b))
        np.testing.assert_array_equal(r, np.remainder(a, b))


def test_python_floats_in_the_simulator():
    def k(item, out):
        z = item.get_id(0) * 0.0
        out[0] = 1.0 // z
        out[1] = -1.0 // z
        out[2] = 1.0 % z
        out[3] = 0.0 // z

    out = np.zeros(4)
    kapi.call_kernel(k, kapi.Range(1), out)
    assert list(out[:2]) == [np.inf, -np.inf] and np.isnan(out[2:]).all()


# --- The rewritten code (simulator only) -----------------------------------

def test_device_functions_closures_and_targets():
    class Box:
        v = 0

    @kiln.device_func
    def halve(x, d):
        return x // d

    def make(zero, offset):
        def k(item, out, arr):
            i = item.get_id(0)
            box = Box()
            box.v = 17
            box.v //= zero                  # an attribute, in place
            arr[1:3] //= zero + offset      # a slice, in place (the array)
            out[i] = halve(i, zero) + box.v + offset % zero
        return k

    out, arr = np.full(3, 9, np.int64), np.array([10, 20, 30, 40])
    kapi.call_kernel(make(0, 2), kapi.Range(3), out, arr)
    assert list(out) == [0, 0, 0]
    assert list(arr) == [10, 20 // 8, 30 // 8, 40]  # 2 ** 3: three work-items


def test_tracebacks_keep_the_user_lines():
    import traceback

    def k(item, out):
        i = item.get_id(0) // 0
        out[i + 5] = 1        # IndexError here

    with pytest.raises(kiln.KernelError, match="IndexError") as info:
        kapi.call_kernel(k, kapi.Range(1), np.zeros(2))
    last = traceback.extract_tb(info.value.__cause__.__traceback__)[-1]
    assert last.name == "k" and last.line == "out[i + 5] = 1        # IndexError here"
    assert last.lineno == k.__code__.co_firstlineno + 2


def test_private_arrays_stay_hoisted():
    @kiln.kernel
    def k(item, out):
        i = item.get_id(0)
        acc = kiln.private_array(1, kiln.int64)
        for j in range(4):
            acc[0] += 12 // j   # j == 0 adds 0
        out[i] = acc[0]

    out = np.zeros(2, np.int64)
    kiln.call_kernel(k, kiln.Range(2), out, device="python")
    assert list(out) == [12 // 1 + 12 // 2 + 12 // 3] * 2


def test_a_function_without_source_runs_unchanged():
    scope = {}
    exec("def k(item, out):\n    out[item.get_id(0)] = 7 // (item.get_id(0) + 1)\n",
         scope)
    out = np.zeros(2, np.int64)
    kapi.call_kernel(scope["k"], kapi.Range(2), out)
    assert list(out) == [7, 3]
