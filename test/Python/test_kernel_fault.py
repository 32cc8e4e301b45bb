"""A kernel that traps on the CPU device ends the Python process (it runs
on PoCL's threads inside it): before it ends, stderr names the kernel in
flight, and the process dies of the signal (docs/python.md, "A kernel
that crashes the CPU device"; docs/runtime.md, "Kernel faults on
in-process devices"). Each case runs in a child interpreter."""

import os
import signal
import subprocess
import sys

import pytest

from compiled import needs

# The kernels live in a file: the package compiles a kernel from its
# source, which `python -c` would not have.
SCRIPT = '''
import sys
import numpy as np
import kiln
from kiln import Array, Item, float32


@kiln.kernel
def oob_store(item: Item, x: Array[float32]):
    i = item.get_id(0)
    x[i + (1 << 40)] = 1.0  # 4 TiB past the array: unmapped


@kiln.kernel
def fill(item: Item, x: Array[float32]):
    x[item.get_id(0)] = 1.0


mode = sys.argv[1]
if mode == "numpy":  # copies in and out around the kernel
    kiln.call_kernel(oob_store, kiln.Range(64), np.zeros(64, np.float32))
elif mode == "device-array":  # the fast path: a launch plan, no event
    kiln.call_kernel(oob_store, kiln.Range(64), kiln.zeros(64, np.float32))
elif mode == "host":  # the kernel completes; then the host itself traps
    x = np.zeros(64, np.float32)
    kiln.call_kernel(fill, kiln.Range(64), x)
    assert x.sum() == 64
    import ctypes
    ctypes.string_at(16)
print("survived")
'''


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "fault.py"
    path.write_text(SCRIPT)
    return path


def run(script, mode, *python_options, **env):
    environment = dict(os.environ, **env)
    return subprocess.run([sys.executable, *python_options, str(script), mode],
                          capture_output=True, text=True, env=environment,
                          timeout=600)


MESSAGE = ("kiln: fatal SIGSEGV (invalid memory access at 0x")
NAMED = ("while kernel 'oob_store' was in flight on device 'opencl:")
HINT = ("; the process ends. Compile with debug mode (-g) to find "
        "out-of-bounds accesses.")


@pytest.mark.parametrize("mode", ["numpy", "device-array"])
def test_the_message_names_the_kernel_and_the_process_dies_of_the_signal(
        script, mode):
    result = run(script, mode)
    assert result.returncode == -signal.SIGSEGV, result.stderr
    assert MESSAGE in result.stderr and NAMED in result.stderr
    assert HINT in result.stderr
    assert "survived" not in result.stdout


def test_faulthandler_still_prints_its_traceback(script):
    result = run(script, "numpy", "-X", "faulthandler")
    assert result.returncode == -signal.SIGSEGV, result.stderr
    assert NAMED in result.stderr
    assert "Fatal Python error: Segmentation fault" in result.stderr
    # Kiln's line first: written before the signal is handed on.
    assert result.stderr.index(NAMED) < result.stderr.index("Fatal Python")


def test_a_trap_of_the_host_after_the_kernel_names_no_kernel(script):
    result = run(script, "host")
    assert result.returncode == -signal.SIGSEGV, result.stderr
    assert "kiln: fatal" not in result.stderr


def test_the_opt_out_leaves_the_signal_alone(script):
    result = run(script, "numpy", KILN_SIGNAL_HANDLERS="0")
    assert result.returncode == -signal.SIGSEGV, result.stderr
    assert "kiln: fatal" not in result.stderr
