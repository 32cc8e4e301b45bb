"""Every examples/python/*.py runs compiled on the CPU device and in the
simulator (KILN_SIMULATE=1), and verifies its result against NumPy; each
is also a module kilnc compiles."""

import glob
import os
import subprocess
import sys

import pytest

import kiln
from conftest import ROOT
from compiled import needs

EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "python", "*.py")))
BUILD = os.environ.get("KILN_BUILD_DIR", os.path.join(ROOT, "build"))
KILNC = os.path.join(BUILD, "bin", "kilnc")
PACKAGE_DIR = os.path.dirname(os.path.dirname(kiln.__file__))


def test_all_eight_examples_are_there():
    names = {os.path.basename(p)[:-3] for p in EXAMPLES}
    assert {"saxpy", "black_scholes", "pairwise_distance", "kmeans_step",
            "histogram", "matmul_tiled", "prefix_sum", "async_dag"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_runs_in_the_simulator(path):
    env = dict(os.environ, KILN_SIMULATE="1", PYTHONPATH=PACKAGE_DIR)
    proc = subprocess.run([sys.executable, path], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "verified" in proc.stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_runs_compiled_on_the_cpu_device(path):
    needs("cpu")
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
    env.pop("KILN_SIMULATE", None)
    proc = subprocess.run([sys.executable, path], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "verified" in proc.stdout


@pytest.mark.skipif(not os.path.exists(KILNC), reason="kilnc is not built")
@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_compiles(path):
    proc = subprocess.run([KILNC, path, "--emit=kiln", "-o", os.devnull],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
