"""The compiler's warnings in Python (python/kiln/_diagnostics.py): each is
a kiln.KilnWarning (a UserWarning) at the user's file and line, raised once
per compile (a launch the dispatch cache serves never warns again, a new
specialization compiles and warns), also from a warm disk cache in a new
process; KILN_WARNINGS=error makes them a kiln.CompileWarningError (a
kiln.CompileError with the location), KILN_WARNINGS=ignore silences them,
and the warnings filters apply (filterwarnings("error", category=...))."""

import json
import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32, int64

from compiled import needs

HERE = os.path.abspath(__file__)


def _line(kernel, text):
    """The line of `kernel`'s file holding `text`, within the kernel."""
    lines = kernel.source.splitlines()
    return kernel.first_line + next(i for i, l in enumerate(lines) if text in l)


def _column(kernel, line, text):
    source = kernel.source.splitlines()[line - kernel.first_line]
    return source.index(text) + 1


def _kernels():
    """Fresh kernel objects (an empty dispatch cache), in this file."""
    @kiln.kernel
    def int64_scale(item: Item, x: Array[float32], n: int64):
        i = item.get_id(0)
        x[i] = n * 0.5

    @kiln.kernel
    def big_literal(item: Item, x):
        i = item.get_id(0)
        x[i] = x[i] + 16777217

    @kiln.kernel
    def clean(item: Item, x: Array[float32]):
        i = item.get_id(0)
        x[i] = x[i] * 0.1

    return int64_scale, big_literal, clean


def _kiln_warnings(record):
    return [w for w in record if issubclass(w.category, kiln.KilnWarning)]


@pytest.fixture
def cpu(monkeypatch, tmp_path):
    device = needs("cpu")
    monkeypatch.delenv("KILN_WARNINGS", raising=False)
    # A cache of its own: every process and test starts cold.
    monkeypatch.setenv("KILN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KILN_CACHE", raising=False)
    return device


def test_the_category_is_exported():
    assert issubclass(kiln.KilnWarning, UserWarning)
    assert issubclass(kiln.CompileWarningError, kiln.CompileError)
    assert "KilnWarning" in kiln.__all__
    assert "CompileWarningError" in kiln.__all__


def test_warning_at_the_users_file_and_line(cpu):
    scale, _, _ = _kernels()
    x = np.zeros(4, np.float32)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kiln.call_kernel(scale, kiln.Range(4), x, 3, device=cpu)
    found = _kiln_warnings(record)
    assert len(found) == 1, [str(w.message) for w in record]
    w = found[0]
    line = _line(scale, "n * 0.5")
    assert w.category is kiln.KilnWarning
    assert w.filename == HERE
    assert w.lineno == line
    assert "this float literal is float32 next to 'int64'" in str(w.message)
    assert w.message.filename == HERE and w.message.lineno == line
    assert w.message.offset == _column(scale, line, "0.5")
    assert w.message.kernel == "int64_scale"
    assert np.all(x == 1.5)  # it ran: a warning is no error


def test_literal_that_loses_digits(cpu):
    _, big, _ = _kernels()
    x = np.zeros(4, np.float32)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kiln.call_kernel(big, kiln.Range(4), x, device=cpu)
    found = _kiln_warnings(record)
    assert [w.lineno for w in found] == [_line(big, "16777217")]
    assert "the literal 16777217 is 16777216 as a float32" in str(found[0].message)
    # float64 holds it: another specialization, no warning.
    d = np.zeros(4, np.float64)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kiln.call_kernel(big, kiln.Range(4), d, device=cpu)
    assert _kiln_warnings(record) == []
    assert np.all(d == 16777217.0)


def test_once_per_compile(cpu):
    _, big, clean = _kernels()
    x = np.zeros(4, np.float32)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        for _ in range(3):  # the dispatch cache serves the 2nd and 3rd
            kiln.call_kernel(big, kiln.Range(4), x, device=cpu)
        kiln.call_kernel_async(big, kiln.Range(4), [], x, device=cpu)[0].wait()
    assert len(_kiln_warnings(record)) == 1
    # Another specialization compiles: its warning again.
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kiln.call_kernel(big, kiln.Range(2, 2), np.zeros(4, np.float32),
                         device=cpu)
    assert len(_kiln_warnings(record)) == 1
    # A kernel without warnings has none.
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kiln.call_kernel(clean, kiln.Range(4), x, device=cpu)
    assert _kiln_warnings(record) == []


def test_default_filter_shows_a_line_once(cpu):
    # Under the default action, Python's rule: once per module and line
    # (the user's module's __warningregistry__), whatever compiles again.
    _, big, _ = _kernels()
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("default")
        kiln.call_kernel(big, kiln.Range(4), np.zeros(4, np.float32), device=cpu)
        kiln.call_kernel(big, kiln.Range(2, 2), np.zeros(4, np.float32),
                         device=cpu)
    assert len(_kiln_warnings(record)) == 1


def test_filterwarnings_error(cpu):
    _, big, _ = _kernels()
    x = np.zeros(4, np.float32)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", category=kiln.KilnWarning)
        with pytest.raises(kiln.KilnWarning) as raised:
            kiln.call_kernel(big, kiln.Range(4), x, device=cpu)
        assert raised.value.lineno == _line(big, "16777217")
        # Not cached: the next launch compiles (a JIT hit) and raises again.
        with pytest.raises(kiln.KilnWarning):
            kiln.call_kernel(big, kiln.Range(4), x, device=cpu)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=kiln.KilnWarning)
        kiln.call_kernel(big, kiln.Range(4), x, device=cpu)
    assert np.all(x == 16777216.0)


def test_kiln_warnings_error(cpu, monkeypatch):
    scale, big, clean = _kernels()
    monkeypatch.setenv("KILN_WARNINGS", "error")
    x = np.zeros(4, np.float32)
    with pytest.raises(kiln.CompileWarningError) as raised:
        kiln.call_kernel(big, kiln.Range(4), x, device=cpu)
    error = raised.value
    line = _line(big, "16777217")
    assert isinstance(error, kiln.CompileError)
    assert (error.filename, error.lineno) == (HERE, line)
    assert error.offset == _column(big, line, "16777217")
    assert str(error).startswith(
        f"{HERE}:{line}:{error.offset}: error: the literal 16777217 is 16777216 "
        "as a float32")
    assert "[KILN_WARNINGS=error]" in str(error)
    assert "x[i] = x[i] + 16777217" in str(error)  # the source line
    assert [w.lineno for w in error.warnings] == [line]
    # Every launch raises (nothing was cached); clean kernels run.
    with pytest.raises(kiln.CompileWarningError):
        kiln.call_kernel(big, kiln.Range(4), x, device=cpu)
    kiln.call_kernel(clean, kiln.Range(4), x, device=cpu)


def test_kiln_warnings_ignore(cpu, monkeypatch):
    scale, _, _ = _kernels()
    monkeypatch.setenv("KILN_WARNINGS", "ignore")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kiln.call_kernel(scale, kiln.Range(4), np.zeros(4, np.float32), 3,
                         device=cpu)
    assert _kiln_warnings(record) == []


def test_kiln_warnings_unknown_value(cpu, monkeypatch):
    _, big, _ = _kernels()
    monkeypatch.setenv("KILN_WARNINGS", "loud")
    with pytest.raises(ValueError, match="KILN_WARNINGS='loud'"):
        kiln.call_kernel(big, kiln.Range(4), np.zeros(4, np.float32), device=cpu)


def test_device_function_of_another_file(cpu, tmp_path, monkeypatch):
    # A device function placed after the kernel in the module text: its
    # warning names its own file and line, and its module.
    helper = tmp_path / "kiln_warn_helper.py"
    helper.write_text(textwrap.dedent('''\
        import kiln
        from kiln import float32


        @kiln.device_func
        def bump(v: float32) -> float32:
            return v + 16777217
        '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    from kiln_warn_helper import bump

    @kiln.kernel
    def uses_helper(item: Item, x: Array[float32]):
        i = item.get_id(0)
        x[i] = bump(x[i])

    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kiln.call_kernel(uses_helper, kiln.Range(4), np.zeros(4, np.float32),
                         device=cpu)
    found = _kiln_warnings(record)
    assert [(w.filename, w.lineno) for w in found] == [(str(helper), 7)]
    with warnings.catch_warnings():
        warnings.filterwarnings("error", category=kiln.KilnWarning,
                                module="kiln_warn_helper")
        with pytest.raises(kiln.KilnWarning):
            kiln.call_kernel(uses_helper, kiln.Range(2, 2),
                             np.zeros(4, np.float32), device=cpu)


CHILD = '''
import json, sys, warnings
import numpy as np
import kiln
from kiln import Item


@kiln.kernel
def big(item: Item, x):
    i = item.get_id(0)
    x[i] = x[i] + 16777217


warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as record:
    warnings.simplefilter("always")
    kiln.call_kernel(big, kiln.Range(4), np.zeros(4, np.float32),
                     device=sys.argv[1])
with open("/proc/self/maps") as maps:
    compiler = "libkiln_python" in maps.read()
print(json.dumps({"warnings": [(w.category.__name__, w.filename, w.lineno)
                               for w in record], "compiler": compiler}))
'''


@pytest.mark.parametrize("index", ["1", "0"])
def test_warm_disk_cache_warns_too(cpu, tmp_path, index):
    # A new process loads the binary from the disk cache, through the
    # package's index without the compiler (its record keeps the warnings)
    # or, with KILN_PYTHON_INDEX=0, through the JIT's disk hit: it warns
    # as the process that compiled it did.
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ, KILN_CACHE_DIR=str(tmp_path / "cache"),
               KILN_PYTHON_INDEX=index)
    env.pop("KILN_CACHE", None)
    env.pop("KILN_WARNINGS", None)
    expected = [["KilnWarning", str(script), 11]]
    reports = []
    for _ in range(2):
        out = subprocess.run([sys.executable, str(script), cpu.selector],
                             env=env, capture_output=True, text=True,
                             timeout=300)
        assert out.returncode == 0, out.stderr
        reports.append(json.loads(out.stdout.strip().splitlines()[-1]))
    assert [r["warnings"] for r in reports] == [expected, expected]
    assert reports[0]["compiler"]
    assert reports[1]["compiler"] == (index == "0")
