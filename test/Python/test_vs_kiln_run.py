"""The simulator agrees with the compiled kernels: kernels of
examples/*.py and examples/dpex/*.py run both in the simulator and through
kiln-run on the CPU device (OpenCL through PoCL), with the same .npy
inputs, and the outputs compared.
Skipped, with the reason, where kiln-run or the CPU device is missing."""

import os
import subprocess
import sys
import types

import numpy as np
import pytest

import kiln
from conftest import ROOT, example

BUILD = os.environ.get("KILN_BUILD_DIR", os.path.join(ROOT, "build"))
KILN_RUN = os.path.join(BUILD, "bin", "kiln-run")


def _cpu_device_opens():
    if not os.path.exists(KILN_RUN):
        return False
    probe = subprocess.run([KILN_RUN, "--probe-device", "--device", "cpu"],
                           capture_output=True, timeout=120)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(not _cpu_device_opens(),
                                reason="kiln-run or the OpenCL CPU device is missing")

RNG = np.random.default_rng(2026)
# name: (example, kernel, index space, {param: input}, [outputs])
CASES = {
    "saxpy": ("saxpy", "saxpy", kiln.Range(1000),
              {"a": np.float32(2.5), "x": RNG.standard_normal(1000).astype(np.float32),
               "y": RNG.standard_normal(1000).astype(np.float32)}, ["y"]),
    "laplacian": ("laplacian2d", "laplacian", kiln.Range(24, 20),
                  {"u": RNG.random((24, 20), dtype=np.float32),
                   "out": np.zeros((24, 20), np.float32)}, ["out"]),
    "jacobi": ("stencil5", "jacobi", kiln.Range(16, 12),
               {"u": RNG.random((16, 12)), "v": np.zeros((16, 12))}, ["v"]),
    "matmul": ("matmul_tiled", "matmul", kiln.NdRange((32, 48), (16, 16)),
               {"a": RNG.random((32, 40), dtype=np.float32),
                "b": RNG.random((40, 48), dtype=np.float32),
                "c": np.zeros((32, 48), np.float32)}, ["c"]),
    "histogram": ("histogram", "histogram", kiln.NdRange(2048, 256),
                  {"data": RNG.integers(0, 256, 2048).astype(np.uint8),
                   "bins": np.zeros(256, np.uint32)}, ["bins"]),
    "block_scan": ("prefix_sum", "block_scan", kiln.NdRange(512, 128),
                   {"x": RNG.integers(-100, 100, 512).astype(np.int32),
                    "inclusive": np.zeros(512, np.int32),
                    "exclusive": np.zeros(512, np.int32),
                    "totals": np.zeros(4, np.int32)},
                   ["inclusive", "exclusive", "totals"]),
    "total": ("reduction", "total", kiln.NdRange(1024, 128),
              {"x": RNG.random(1024, dtype=np.float32),
               "out": np.zeros(1, np.float32)}, ["out"]),
    "floor_ops": ("control_flow", "floor_ops", kiln.Range(64),
                  {"a": RNG.integers(-50, 50, 64).astype(np.int32),
                   "b": (RNG.integers(1, 7, 64) * RNG.choice([-1, 1], 64)).astype(np.int32),
                   "q": np.zeros(64, np.int32), "r": np.zeros(64, np.int32)}, ["q", "r"]),
    "collatz": ("control_flow", "collatz", kiln.Range(40),
                {"start": RNG.integers(1, 1000, 40).astype(np.int64),
                 "steps": np.zeros(40, np.int32)}, ["steps"]),
    "classify": ("control_flow", "classify", kiln.Range(50),
                 {"x": (RNG.standard_normal(50) * 2).astype(np.float32),
                  "out": np.zeros(50, np.int32)}, ["out"]),
    "row_moments": ("dpex/row_moments", "row_moments", kiln.Range(8),
                    {"a": RNG.random((8, 20), dtype=np.float32),
                     "out": np.zeros((8, 3), np.float32)}, ["out"]),
    "weighted_histogram": ("dpex/weighted_histogram", "weighted_histogram",
                           kiln.Range(300),
                           {"values": RNG.uniform(0, 100, 300),
                            "weights": RNG.uniform(0, 1, 300), "lo": 0.0,
                            "width": 5, "hist": np.zeros(20)}, ["hist"]),
    "nd_report": ("dpex/index_space_report", "nd_report", kiln.NdRange((4, 6), (2, 3)),
                  {"out": np.zeros((24, 5), np.int64)}, ["out"]),
    "horner": ("control_flow", "horner", kiln.Range(32),
               {"coeffs": RNG.standard_normal(5), "x": RNG.standard_normal(32),
                "y": np.zeros(32)}, ["y"]),
}


def _range_flag(space):
    if isinstance(space, kiln.NdRange):
        g = ",".join(map(str, space.global_range))
        l = ",".join(map(str, space.local_range))
        return ["--nd-range", f"{g}:{l}"]
    return ["--range", ",".join(map(str, space))]


def _kiln_run(path, kernel, space, inputs, outputs, tmp):
    cmd = [KILN_RUN, path, "-k", kernel, "--device", "cpu"] + _range_flag(space)
    for name, value in inputs.items():
        if isinstance(value, np.ndarray):
            np.save(tmp / f"{name}.npy", value)
            cmd += ["--arg", f"{name}=@{tmp / (name + '.npy')}"]
        else:
            cmd += ["--arg", f"{name}={value!r}"]
    for name in outputs:
        cmd += ["--out", f"{name}={tmp / ('out_' + name + '.npy')}"]
    subprocess.run(cmd, check=True, capture_output=True, timeout=300)
    return {name: np.load(tmp / f"out_{name}.npy") for name in outputs}


@pytest.mark.parametrize("case", sorted(CASES))
def test_simulator_matches_kiln_run_on_the_cpu(case, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "dpnp", types.ModuleType("dpnp"))
    name, kernel, space, inputs, outputs = CASES[case]
    path = os.path.join(ROOT, "examples", name + ".py")
    compiled = _kiln_run(path, kernel, space, inputs, outputs, tmp_path)
    sim = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in inputs.items()}
    kiln.call_kernel(getattr(example(name), kernel), space, *sim.values(),
                     device="python")
    for out in outputs:
        got, want = sim[out], compiled[out]
        assert got.dtype == want.dtype and got.shape == want.shape
        if got.dtype.kind == "f":
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5, err_msg=out)
        else:
            np.testing.assert_array_equal(got, want, err_msg=out)
