"""The package's index of the JIT's disk cache (python/kiln/_diskindex.py):
a fresh process whose kernel an earlier process compiled launches it with
the runtime library alone, the compiler library (libkiln_python.so, LLVM
22, MLIR) never mapped; a change of source, dtype or alignment misses and
compiles; a corrupt or missing index file or JIT entry falls back to the
compiler and is written again. Each launch runs in a fresh subprocess with
its own cache folder."""

import glob
import json
import os
import subprocess
import sys

import ctypes

import pytest

from compiled import needs
from kiln import _capi, _compiled

CHILD = '''
import json, sys
import numpy as np
import kiln
from kiln import Item


@kiln.kernel
def bump(item: Item, a):
    i = item.get_id(0)
    a[i] = a[i] + STEP


device, dtype, mode = sys.argv[1], np.dtype(sys.argv[2]), sys.argv[3]
x = np.arange(17, dtype=dtype)
if mode == "numpy":
    a = x[:16].copy()
    kiln.call_kernel(bump, kiln.Range(16), a, device=device)
    result = a
else:  # a DeviceArray sharing x's memory: 16-byte aligned, or not
    d = kiln.asarray(x[:16] if mode == "aligned" else x[1:], device=device)
    kiln.call_kernel(bump, kiln.Range(16), d, device=device)
    result = d.to_numpy()
with open("/proc/self/maps") as maps:
    mapped = sorted({line.split()[-1].rsplit("/", 1)[-1]
                     for line in maps if "/" in line})
print(json.dumps({"result": result.tolist(), "mapped": mapped}))
'''


def _compiler_mapped(mapped):
    """The compiler's libraries among mapped files' names (PoCL's own
    libLLVM-15 is not Kiln's compiler)."""
    return [name for name in mapped if name.startswith(
        ("libkiln_python", "libMLIR", "libLLVM.so"))]


@pytest.fixture
def child(tmp_path):
    cpu = needs("cpu")
    cache = tmp_path / "cache"
    script = tmp_path / "bump.py"

    def run(step=1, dtype="float32", mode="numpy", **env):
        script.write_text(CHILD.replace("STEP", str(step)))
        environment = dict(os.environ, KILN_CACHE_DIR=str(cache), **env)
        environment.pop("KILN_CACHE", None)
        out = subprocess.run([sys.executable, str(script), cpu.selector, dtype,
                              mode], env=environment, capture_output=True,
                             text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        report = json.loads(out.stdout.strip().splitlines()[-1])
        start = 0 if mode in ("numpy", "aligned") else 1
        expected = [float(v + step) for v in range(start, start + 16)]
        assert report["result"] == expected
        assert "libkiln.so" in report["mapped"]
        return bool(_compiler_mapped(report["mapped"]))

    run.cache = cache
    return run


def _only(cache, suffix):
    files = glob.glob(os.path.join(cache, "*" + suffix))
    assert len(files) == 1, files
    return files[0]


def test_warm_cache_launches_without_the_compiler(child):
    assert child()  # cold: compiled, the JIT's entry and the index written
    _only(child.cache, ".kpyx")
    _only(child.cache, ".kjit")
    assert not child()  # warm: the runtime alone
    assert not child()


def test_index_off_loads_the_compiler(child):
    assert child()
    assert child(KILN_PYTHON_INDEX="0")  # the JIT's disk hit, compiler loaded
    assert not child()


def test_changed_source_misses(child):
    assert child(step=1)
    assert not child(step=1)
    assert child(step=2)  # another body: compiled, its result
    assert not child(step=2)
    assert not child(step=1)  # both are indexed


def test_changed_dtype_misses(child):
    assert child(dtype="float32")
    assert child(dtype="float64")
    assert not child(dtype="float64")
    assert child(dtype="int32")
    assert not child(dtype="float32")


def test_changed_alignment_misses(child):
    assert child(mode="aligned")
    assert not child(mode="aligned")
    assert child(mode="shifted")  # not 16-byte aligned: its own binary
    assert not child(mode="shifted")
    assert not child(mode="aligned")


def test_corrupt_index_file_falls_back_to_compiling(child):
    assert child()
    index = _only(child.cache, ".kpyx")
    with open(index, "w") as f:
        f.write("kiln-python-index-1 not-a-key\n")
    assert child()  # compiled again, the index written again
    assert not child()
    os.unlink(index)
    assert child()
    assert not child()


def test_missing_or_corrupt_jit_entry_falls_back_to_compiling(child):
    assert child()
    entry = _only(child.cache, ".kjit")
    os.unlink(entry)  # evicted: the index names a missing entry
    assert child()
    assert not child()
    entry = _only(child.cache, ".kjit")
    data = bytearray(open(entry, "rb").read())
    data[-1] ^= 0xFF  # the payload no longer matches its checksum
    with open(entry, "wb") as f:
        f.write(data)
    assert child()  # the JIT deletes the entry and compiles
    assert not child()


def test_index_names_an_entry_of_another_kernel(child):
    """An index file naming a valid entry whose key is not its file's:
    the header's key is checked against the file name, a miss."""
    assert child(step=1)
    assert child(step=2)
    entries = glob.glob(os.path.join(child.cache, "*.kjit"))
    assert len(entries) == 2
    first, second = sorted(entries)
    os.replace(first, first + ".saved")
    os.replace(second, first)  # first's name, second's content
    assert child(step=1)  # both miss: a mismatched header, a missing file
    assert child(step=2)
    assert not child(step=1)
    assert not child(step=2)


def test_options_are_the_compilers_defaults():
    """The index key hashes the compile options the package fills in
    Python; they must be kiln_compile_options_init's."""
    needs("cpu")
    ours = _compiled._options()
    theirs = _capi.CompileOptions()
    _capi.compiler_lib().kiln_compile_options_init(ctypes.byref(theirs))
    for field, _ in _capi.CompileOptions._fields_:
        assert getattr(ours, field) == getattr(theirs, field), field
