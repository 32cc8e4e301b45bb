"""Issue 25's program, as a user runs it: a kernel dividing by an array
element that is 0 no longer kills the interpreter with SIGFPE. It runs in a
child interpreter (a regression would end this one), on the default device
and on CUDA where there is one, and prints the documented values
(docs/language.md §6.3: x // 0 == 0)."""

import os
import subprocess
import sys

import pytest

from compiled import skip_unless

PROGRAM = '''
import sys
import numpy as np, kiln
from kiln import Item, Array, int32

@kiln.kernel
def div(item: Item, a: Array[int32], b: Array[int32], q: Array[int32]):
    i = item.get_id(0)
    q[i] = a[i] // b[i]

device = sys.argv[1] if len(sys.argv) > 1 else None
q = np.zeros(4, np.int32)
kiln.call_kernel(div, kiln.Range(4), np.array([7, 8, 9, 10], np.int32),
                 np.array([1, 0, 3, 1], np.int32), q, device=device)
print("survived", q)
'''


def run(tmp_path, *args):
    script = tmp_path / "div.py"
    script.write_text(PROGRAM)
    env = dict(os.environ)
    env.pop("KILN_SIMULATE", None)
    return subprocess.run([sys.executable, str(script), *args],
                          capture_output=True, text=True, env=env, timeout=600)


@skip_unless("cpu")
def test_the_default_device_survives(tmp_path):
    result = run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "survived [ 7  0  3 10]\n"


@skip_unless("cuda")
def test_cuda_survives_with_the_same_values(tmp_path):
    result = run(tmp_path, "cuda")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "survived [ 7  0  3 10]\n"


def test_the_simulator_gives_the_same_values(tmp_path):
    script = tmp_path / "div.py"
    script.write_text(PROGRAM)
    env = dict(os.environ, KILN_SIMULATE="1")
    result = subprocess.run([sys.executable, str(script)], capture_output=True,
                            text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "survived [ 7  0  3 10]\n"
