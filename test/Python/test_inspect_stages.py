"""`kernel.inspect(stage)` for every stage, on this machine's CPU device:
the kiln dialect and LLVM IR (compiled again through
kiln_compile_stage_for_arguments), SPIR-V and PTX (no GPU needed: PTX is
compiled for sm_90)."""

import shutil

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float64
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@kiln.kernel
def triple(item: Item, v: Array[float64]):
    i = item.get_id(0)
    v[i] = v[i] * 3.0


@pytest.fixture(scope="module")
def launched():
    v = np.ones(8)
    kiln.call_kernel(triple, kiln.Range(8), v)
    assert (v == 3).all()
    return "triple(v: Array[float64, 1]) over a 1-D Range"


def test_kiln_dialect(launched):
    text = triple.inspect("kiln")[launched]
    assert "kiln.kernel @triple(" in text
    assert "!kiln.array<f64, 1>" in text


def test_llvm_ir_of_the_device(launched):
    text = triple.inspect("llvm")[launched]
    assert "define spir_kernel void @triple(" in text
    assert "fmul" in text


def test_ptx_without_a_gpu(launched):
    text = triple.inspect("ptx")[launched]
    assert ".target sm_90" in text
    assert ".entry triple(" in text


@pytest.mark.skipif(shutil.which("spirv-dis") is None, reason="no spirv-dis")
def test_spirv(launched):
    assert "OpEntryPoint Kernel" in triple.inspect("spirv")[launched]
    assert triple.inspect("spirv-binary")[launched][:4] == b"\x03\x02\x23\x07"


def test_unknown_stage():
    with pytest.raises(ValueError, match="the stages are kiln, llvm"):
        triple.inspect("asm")
