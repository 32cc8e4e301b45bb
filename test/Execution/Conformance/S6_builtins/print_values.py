# REQUIRES: opencl
# RUN: kiln-run %s -k fmt --range 1 | FileCheck %s
# print(...) of scalars and string literals (spec §6, formats in docs
# §12): every integer width at its extremes, floats with %g (1.0 prints
# 1), bools as True/False, escapes and % in text, module constants.
# CHECK: ints: -5 250 -30000 65000 -2147483648 4294967295 -9000000000000000000 18446744073709551615
# CHECK-NEXT: floats: 1 0.1 1e+20 3.14159 -2.5 inf
# CHECK-NEXT: bools: True False True
# CHECK-NEXT: text: 100% tab end
# CHECK-NEXT: consts: 7 0.5 3
# CHECK: ran fmt over Range(1)
import math

N = 7
K: int16 = 3


@kernel
def fmt(item: Item):
    a: int8 = -5
    b: uint8 = 250
    c: int16 = -30000
    d: uint16 = 65000
    e: int32 = -2147483648
    f: uint32 = 4294967295
    g: int64 = -9000000000000000000
    h: uint64 = 18446744073709551615
    print("ints:", a, b, c, d, e, f, g, h)
    x: float32 = 1.0
    y: float32 = 0.1
    z: float64 = 1e20
    w: float64 = math.pi
    print("floats:", x, y, z, w, -2.5, math.inf * x)
    print("bools:", True, x > 2.0, b > 3)
    print("text: 100% tab\tend")
    print("consts:", N, 0.5, K)
