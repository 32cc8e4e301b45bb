"""A scalar parameter annotated bfloat16 is passed as bfloat16 bits: NumPy
has no bfloat16, so the bound value is a float32 and only the annotation
says how to pass it (a CUDA launch refused it as float32 before; the CPU
device has no bfloat16, so this checks the packed argument itself)."""

import struct

import numpy as np

import kiln
from kiln import Array, Item, float32
from kiln import _capi, _compiled


@kiln.kernel
def widen(item: Item, out: Array[float32], b: kiln.bfloat16):
    out[0] = float32(b)


def test_bfloat16_parameter_packs_bfloat16_bits():
    arg = _capi.Arg()
    _compiled._packer(widen, "b", np.float32(1.5))(np.float32(1.5), arg, None)
    assert arg.kind == _capi.ARG_SCALAR
    assert arg.dtype == _capi.DTYPES["bfloat16"]
    assert struct.unpack_from("<H", arg.value, 0)[0] == 0x3FC0

