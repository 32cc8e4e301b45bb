# RUN: kilnc %s --target ptx -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: kilnc %s --target spirv -o %t.spv
# RUN: %if spirv-val %{ spirv-val %t.spv %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
# Shifts by at least the bit width (constant or run-time) are unspecified
# (spec §4) but must not crash the compiler: both targets compile to valid
# device code, and the run-time shift amounts stay shifts.
# CHECK: .visible .entry k(
# CHECK: shl.b32
# CHECK: .visible .entry k2(


@kernel
def k(item: Item, a: Array[int32], b: Array[uint8], n: int32):
    i = item.get_id(0)
    a[i] = a[i] << 40
    a[i] = a[i] >> 33
    b[i] = b[i] << 9
    a[i] = a[i] << (n + 32)


@kernel
def k2(item: Item, a: Array[int64]):
    i = item.get_id(0)
    a[i] = (a[i] >> 64) + (a[i] << 100)
