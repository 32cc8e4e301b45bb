# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/division_edges.py make float_zero %t
# RUN: kiln-run %s -O0 -k fdm --device cpu --range 20 --arg a32=@%t/a_float32.npy --arg b32=@%t/b_float32.npy --arg a64=@%t/a_float64.npy --arg b64=@%t/b_float64.npy --arg o32=zeros:20x2 --arg o64=zeros:20x2 --out o32=%t/out_float32_O0.npy --out o64=%t/out_float64_O0.npy
# RUN: kiln-run %s -O2 -k fdm --device cpu --range 20 --arg a32=@%t/a_float32.npy --arg b32=@%t/b_float32.npy --arg a64=@%t/a_float64.npy --arg b64=@%t/b_float64.npy --arg o32=zeros:20x2 --arg o64=zeros:20x2 --out o32=%t/out_float32_O2.npy --out o64=%t/out_float64_O2.npy
# RUN: %python %S/Inputs/division_edges.py check float_zero %t _O0 _O2 | FileCheck %s
# Float // and % at run time agree with NumPy bit for bit (up to NaN
# payloads) on zero and infinite operands: x // 0.0 is x / 0.0 (+-inf, NaN
# for 0.0 and NaN dividends), x % 0.0 is NaN, a zero remainder has the
# divisor's sign (docs/language.md 6.3). x // 0.0 was NaN before.
# CHECK: float_zero: ok


@kernel
def fdm(item: Item, a32: Array[float32], b32: Array[float32], a64: Array[float64],
        b64: Array[float64], o32: Array[float32, 2], o64: Array[float64, 2]):
    i = item.get_id(0)
    o32[i, 0] = a32[i] // b32[i]
    o32[i, 1] = a32[i] % b32[i]
    o64[i, 0] = a64[i] // b64[i]
    o64[i, 1] = a64[i] % b64[i]
