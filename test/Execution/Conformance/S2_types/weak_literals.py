# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k weak --range 1 --arg of=zeros:7 --arg oi=zeros:7 --out of=%t/out_f.npy --out oi=%t/out_i.npy
# RUN: %python %S/../Inputs/conformance.py check weak_literals %t | FileCheck %s
# Python literals are weak (spec §4): an int literal takes the other
# operand's type (and wraps in it), a float literal a float operand's type
# and float32 with an integer; alone they are int64 / float32; constant
# expressions fold with Python semantics; / of 32-bit ints is float32, of
# 64-bit ints float64.
# CHECK: weak_literals: ok

N = 5


@kernel
def weak(item: Item, of: Array[float64], oi: Array[int64]):
    x32: float32 = 1.1
    n: int32 = 3
    z = 0.1
    x64: float64 = 1.1
    p: int32 = 1
    q: int32 = 3
    pp: int64 = 1
    qq: int64 = 3
    one: float32 = 1.0
    of[0] = x32 * 0.1
    of[1] = n * 0.1
    of[2] = z
    of[3] = x64 * 0.1
    of[4] = p / q
    of[5] = pp / qq
    of[6] = math.pi * one
    c8: int8 = 127
    u: uint8 = 100
    big = 3000000000
    h: int16 = 32767
    oi[0] = c8 + 1
    oi[1] = int64(u + 200)
    oi[2] = big * 3
    oi[3] = h + N
    oi[4] = 1 + 2 * 3
    oi[5] = -7 // 2
    oi[6] = -7 % 3
