"""`import kiln`: the names kernels use, kiln.kernel_api, the dtypes and
casts, index spaces, the import time, and that every example imports."""

import glob
import os
import subprocess
import sys
import time
import types

import numpy as np
import pytest

import kiln
from kiln import kernel_api as kapi
from conftest import ROOT, load_module

SPEC_NAMES = """Item NdItem Group SubGroup Array LocalAccessor PrivateArray Constant
Range NdRange group_barrier sub_group_barrier atomic_fence AtomicRef local_array
private_array MemoryOrder MemoryScope AddressSpace group_reduce group_broadcast
group_inclusive_scan group_exclusive_scan sub_group_reduce fma rsqrt select
kernel device_func call_kernel call_kernel_async bool int8 int16 int32 int64
uint8 uint16 uint32 uint64 float16 float32 float64 bfloat16 f16 f32 f64 i8 i16
i32 i64 u8 u16 u32 u64""".split()

KAPI_NAMES = """AddressSpace atomic_fence AtomicRef call_kernel Group group_barrier
Item LocalAccessor MemoryOrder MemoryScope NdItem NdRange PrivateArray
Range""".split()


def test_star_import_gives_every_spec_name():
    scope = {}
    exec("from kiln import *", scope)
    missing = [n for n in SPEC_NAMES if n not in scope]
    assert missing == []


def test_kernel_api_mirrors_numba_dpex():
    assert [n for n in KAPI_NAMES if not hasattr(kapi, n)] == []
    assert kapi.AtomicRef is kiln.AtomicRef and kapi.Range is kiln.Range


def test_enums_have_numba_dpex_numbers():
    assert kiln.MemoryOrder.SEQ_CST == 5 and kiln.MemoryOrder.ACQ_REL == 4
    assert kiln.MemoryScope.WORK_GROUP == 2 and kiln.MemoryScope.SYSTEM == 4
    assert kiln.AddressSpace.LOCAL == 3 and kiln.AddressSpace.GLOBAL == 1


def test_dtypes_are_numpy_dtype_like():
    assert np.zeros(3, kiln.float32).dtype == np.float32
    assert np.zeros(3, np.int16).dtype == kiln.int16
    assert kiln.f32 is kiln.float32 and kiln.u8 is kiln.uint8
    assert kiln.float32 == np.float32 and kiln.float32 != kiln.float64


def test_casts_follow_the_spec():
    assert kiln.int8(300) == 44 and type(kiln.int8(300)) is np.int8  # wraps
    assert kiln.uint8(-1) == 255
    assert kiln.int32(-3.7) == -3                                      # truncates
    assert type(kiln.float32(1)) is np.float32
    assert kiln.bool(2) is np.bool_(True)
    assert kiln.bfloat16(1.00390625) == 1.0  # rounded to bfloat16 (8 bits)


def test_annotations():
    assert repr(kiln.Array[kiln.float32, 2]) == "Array[float32, 2]"
    assert kiln.Array[np.uint8] == kiln.Array[kiln.uint8, 1]
    assert repr(kiln.LocalAccessor[kiln.int32]) == "LocalAccessor[int32, 1]"
    assert repr(kiln.Constant[kiln.i64]) == "Constant[int64]"
    with pytest.raises(TypeError, match="N must be 1, 2 or 3"):
        kiln.Array[kiln.float32, 4]
    with pytest.raises(TypeError, match="not a scalar type"):
        kiln.Array["complex32"]
    assert kiln.Array["complex"] == kiln.Array[kiln.complex128, 1]


def test_ranges():
    assert tuple(kiln.Range(4, 5)) == (4, 5) and kiln.Range(4, 5).ndim == 2
    nd = kiln.NdRange((8, 6), (4, 3))
    assert nd.global_range == kiln.Range(8, 6) and nd.local_range == kiln.Range(4, 3)
    with pytest.raises(ValueError, match="dimension 1 is not divisible"):
        kiln.NdRange((8, 6), (4, 4))
    with pytest.raises(ValueError, match="must be positive"):
        kiln.Range(0)
    with pytest.raises(ValueError, match="1 to 3 dimensions"):
        kiln.NdRange((2, 2, 2, 2), (1, 1, 1, 1))
    with pytest.raises(ValueError, match="global range has 2"):
        kiln.NdRange((4, 4), 2)


def test_import_is_fast_and_lazy():
    code = ("import time, sys; t = time.perf_counter(); import kiln; "
            "print(time.perf_counter() - t, 'numpy' in sys.modules)")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(kiln.__file__)))
    best = min(float(subprocess.run([sys.executable, "-c", code], env=env,
                                    capture_output=True, text=True, check=True)
                     .stdout.split()[0]) for _ in range(3))
    assert best < 0.1
    out = subprocess.run([sys.executable, "-c", code], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.split()[1] == "False"


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "examples", "*.py"))))
def test_example_imports(path):
    load_module(path)


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "examples", "dpex", "*.py"))))
def test_dpex_example_imports(path, monkeypatch):
    # The numba-dpex examples import dpnp for their host code; only the
    # kernels are imported here.
    monkeypatch.setitem(sys.modules, "dpnp", types.ModuleType("dpnp"))
    module = load_module(path)
    kernels = [v for v in vars(module).values() if isinstance(v, kiln.Kernel)]
    assert kernels or hasattr(module, "make_poly")
