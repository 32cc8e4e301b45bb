#!/usr/bin/env python3
"""Inputs and NumPy references for the conformance execution tests
(test/Execution/Conformance/S*/), written from the specification
(/work/shared/spec/language.md) and docs/language.md, independently of Kiln.

    conformance.py make TEST DIR     write TEST's inputs into DIR
    conformance.py check TEST DIR    compare DIR/out*.npy with the reference;
                                     prints "TEST: ok" or exits non-zero

Integers are compared exactly (references use Python ints and wrap them
explicitly); floats within a number of units in the last place of the
result type (0 for operations IEEE rounds correctly).
"""
import math
import sys
import zlib

import numpy as np

MAKE = {}
CHECK = {}
D = "."  # the test's directory, set in main()


def make(*names):
    def register(fn):
        for n in names:
            MAKE[n] = fn
        return fn
    return register


def check(*names):
    def register(fn):
        for n in names:
            CHECK[n] = fn
        return fn
    return register


def rng(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def save(name, array):
    np.save(f"{D}/{name}.npy", array)


def load(name):
    return np.load(f"{D}/{name}.npy")


def fail(msg):
    sys.exit(f"{TEST}: FAIL: {msg}")


def wrap(v, dtype):
    """Python int v wrapped (two's complement) into dtype."""
    info = np.iinfo(dtype)
    v &= (1 << info.bits) - 1
    if info.min < 0 and v >= 1 << (info.bits - 1):
        v -= 1 << info.bits
    return v


def ints(r, dtype, n, lo=None, hi=None):
    """n random values of an integer dtype over its whole range (or lo..hi),
    with the extremes and small values mixed in."""
    info = np.iinfo(dtype)
    lo = info.min if lo is None else lo
    hi = info.max if hi is None else hi
    v = r.integers(lo, hi, n, dtype=dtype, endpoint=True)
    special = [x for x in (info.min, info.max, 0, 1, -1, 2, -2, info.max - 1, info.min + 1)
               if lo <= x <= hi]
    for k, s in enumerate(special[: n // 4]):
        v[k * 3 % n] = s
    return v


def eq(what, got, want):
    got = np.asarray(got)
    want = np.asarray(want)
    if got.shape != want.shape or got.dtype != want.dtype:
        fail(f"{what}: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    diff = got != want
    if want.dtype.kind == "f":
        diff &= ~(np.isnan(got) & np.isnan(want))
    bad = np.argwhere(diff)
    if bad.size:
        i = tuple(bad[0])
        fail(f"{what}: {len(bad)} mismatches, first at {i}: got {got[i]!r}, want {want[i]!r}")


def close(what, got, want, ulp=0, atol=0.0):
    """got (float array of its dtype) against want (float64 or exact),
    within ulp units in the last place of got's dtype (plus atol)."""
    got = np.asarray(got)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        fail(f"{what}: got shape {got.shape}, want {want.shape}")
    g = got.astype(np.float64)
    nan_ok = np.isnan(g) == np.isnan(want)
    inf_ok = np.where(np.isinf(want), g == want, True)
    spacing = np.abs(np.spacing(want.astype(got.dtype))).astype(np.float64)
    with np.errstate(invalid="ignore"):
        err = np.abs(g - want)
        num_ok = np.where(np.isfinite(want), err <= ulp * spacing + atol, True)
        num_ok |= (g == want)
    ok = nan_ok & inf_ok & num_ok
    bad = np.argwhere(~ok)
    if bad.size:
        i = tuple(bad[0])
        fail(f"{what}: {len(bad)} mismatches (tolerance {ulp} ulp, atol {atol}), first at {i}: "
             f"got {g[i]!r}, want {want[i]!r}")


def out(name="out"):
    return np.load(f"{D}/{name}.npy")


# ===========================================================================
# S2 types
# ===========================================================================
INT_TYPES = {n: getattr(np, n) for n in
             ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")}


@make(*INT_TYPES)
def _(name):
    dt = INT_TYPES[name]
    r = rng(name)
    a = ints(r, dt, 256)
    b = ints(r, dt, 256)
    b[(b == 0) | (b == wrap(-1, dt))] = 7
    save("a", a)
    save("b", b)


@check(*INT_TYPES)
def _(name):
    dt = INT_TYPES[name]
    a, b = load("a").tolist(), load("b").tolist()
    rows = []
    for x, y in zip(a, b):
        rows.append([x + y, x - y, x * y, -x, x // y, x % y, x >> 3, x << 3,
                     int(x < y), x + 1, x & y, x | y, x ^ y, ~x])
    want = np.array([[wrap(v, dt) for v in row] for row in rows], dtype=dt)
    eq(name, out(), want)


@make("float16_refused")
def _(name):
    save("h", np.ones(8, np.float16))
    save("f", np.ones(8, np.float32))


def special_floats(r, dt, n):
    v = (r.standard_normal(n) * 10.0 ** r.integers(-3, 4, n)).astype(dt)
    sp = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 0.5, 3.0, -7.25]
    v[: len(sp)] = sp
    return v


@make("float32", "float64")
def _(name):
    dt = np.dtype(name)
    r = rng(name)
    save("a", special_floats(r, dt, 256))
    save("b", r.permutation(special_floats(r, dt, 256)))


@check("float32", "float64")
def _(name):
    dt = np.dtype(name)
    a, b = load("a"), load("b")
    o = out()
    with np.errstate(all="ignore"):
        cols = [a + b, a - b, a * b, a / b, -a, (a < b).astype(dt), (a == b).astype(dt),
                (a != b).astype(dt), a * dt.type(2.0), a + dt.type(0.1)]
    for k, want in enumerate(cols):
        close(f"{name} column {k}", o[:, k], want.astype(np.float64), ulp=0)
    if o.dtype != dt:
        fail(f"dtype {o.dtype}")


@make("bool_array")
def _(name):
    r = rng(name)
    save("a", r.integers(0, 2, 64).astype(np.bool_))
    save("b", r.integers(0, 2, 64).astype(np.bool_))


@check("bool_array")
def _(name):
    a, b = load("a"), load("b")
    eq("flags", out(), np.stack([~a, a & b, a | b, a ^ b, a != b, a == b, a < b,
                                 np.logical_and(a, b), np.logical_or(a, b)], axis=1))
    eq("count", out("out_n"), a.astype(np.int64) + b.astype(np.int64))


@make("implicit_conversions")
def _(name):
    r = rng(name)
    save("i8", ints(r, np.int8, 64))
    save("u8", ints(r, np.uint8, 64))
    save("i32", ints(r, np.int32, 64))
    save("f32", special_floats(r, np.float32, 64))
    save("flag", r.integers(0, 2, 64).astype(np.bool_))


@check("implicit_conversions")
def _(name):
    i8, u8, i32, f32, flag = (load(n) for n in ("i8", "u8", "i32", "f32", "flag"))
    eq("i8 -> int64", out("out_i64"), np.stack([i8.astype(np.int64), i32.astype(np.int64),
                                                  flag.astype(np.int64)], 1))
    eq("u8 -> uint64", out("out_u64"), np.stack([u8.astype(np.uint64), u8.astype(np.uint64) * 3], 1))
    # int -> float: float32(i32) rounds to nearest; int8/uint8 exact.
    eq("-> float32", out("out_f32"), np.stack([i32.astype(np.float32), i8.astype(np.float32),
                                               u8.astype(np.float32), flag.astype(np.float32)], 1))
    eq("-> float64", out("out_f64"), np.stack([f32.astype(np.float64), i32.astype(np.float64)], 1))


@make("explicit_casts")
def _(name):
    r = rng(name)
    f = np.concatenate([[-2.7, -2.5, -0.5, -0.0, 0.0, 0.9, 2.5, 2.7, -127.99, 127.9, -1.0, 1.0],
                        r.uniform(-127, 127, 52)])
    save("f64", f.astype(np.float64))
    save("f32", f.astype(np.float32))
    save("i32", ints(r, np.int32, 64))
    save("i8", ints(r, np.int8, 64))
    save("u32", ints(r, np.uint32, 64))
    save("i64", ints(r, np.int64, 64))


@check("explicit_casts")
def _(name):
    f64, f32, i32, i8, u32, i64 = (load(n) for n in ("f64", "f32", "i32", "i8", "u32", "i64"))
    # Python int() truncates toward zero, like the spec's float -> int casts.
    eq("float -> int", out("out_i"), np.array(
        [[int(x), int(y), int(y), int(x * 1e6)] for x, y in zip(f64.tolist(), f32.tolist())], np.int64))
    eq("int narrowing/sign", out("out_w"), np.array(
        [[wrap(a, np.int8), wrap(b, np.uint8), wrap(b, np.uint32), wrap(c, np.int16), c, wrap(d, np.uint16)]
         for a, b, c, d in zip(i32.tolist(), i8.tolist(), u32.tolist(), i64.tolist())], np.int64))
    eq("bool()", out("out_b"), np.stack([f32 != 0, i32 != 0, i8 != 0], 1))
    eq("to float", out("out_f"), np.stack([i64.astype(np.float32).astype(np.float64),
                                           f64.astype(np.float32).astype(np.float64),
                                           u32.astype(np.float64)], 1))


@make("promotion", "weak_literals")
def _(name):
    pass


@check("promotion")
def _(name):
    want = [
        -56,              # int8(100) + int8(100): stays int8
        -32768,           # int16(32767) + int8(1): int16
        -32768,           # int16(32767) + uint8(1): int16 (signed and strictly wider)
        4294967295,       # int32(-1) + uint32(0): uint32
        -1,               # int8(-1) + uint64(0): uint64 max, as int64 bits
        65535,            # int16(-1) + uint16(0): uint16
        2,                # True + True: int64
        -2147483648,      # True + int32 max: int32 (wraps)
        16777216,         # int64(2**24 + 1) * float32(1.0): float32 (rounds)
        16777217,         # float32(1.0) * float64(2**24 + 1): float64
        0,                # int32(-1) < uint32(1) compares as uint32: False
        1,                # uint8(200) > int16(-1) compares as int16: True
        256,              # uint8(255) + uint16(1): uint16
    ]
    eq("promotion", out(), np.array(want, np.int64))


@check("weak_literals")
def _(name):
    f32 = np.float32
    want_f = [
        float(f32(1.1) * f32(0.1)),        # float32 * 0.1 stays float32
        float(f32(3) * f32(0.1)),          # int32 * 0.1 -> float32
        float(f32(0.1)),                   # a float literal alone: float32
        1.1 * 0.1,                         # float64 * 0.1 stays float64
        float(f32(1) / f32(3)),            # int32 / int32 -> float32
        1 / 3,                             # int64 / int64 -> float64
        float(f32(math.pi)),               # math.pi * float32(1.0)
    ]
    eq("float", out("out_f"), np.array(want_f, np.float64))
    want_i = [
        -128,                      # int8(127) + 1 stays int8
        44,                        # uint8(100) + 200 stays uint8
        9000000000,                # big = 3000000000 (int64) * 3
        wrap(32767 + 5, np.int16), # int16 + N (weak module constant)
        7,                         # 1 + 2 * 3 folded
        -7 // 2,                   # folded with Python semantics
        -7 % 3,
    ]
    eq("int", out("out_i"), np.array(want_i, np.int64))


@make("type_aliases")
def _(name):
    r = rng(name)
    save("a", r.standard_normal(32).astype(np.float32))
    save("b", ints(r, np.int16, 32))
    save("c", ints(r, np.uint8, 32))
    save("d", r.standard_normal(32))


@check("type_aliases")
def _(name):
    a, b, c, d = load("a"), load("b"), load("c"), load("d")
    eq("f32", out("out_a"), a * np.float32(2))
    eq("i16", out("out_b"), (b.astype(np.int64) + 1).astype(np.int16))
    eq("u8", out("out_c"), (c.astype(np.int64) * 3 % 256).astype(np.uint8))
    eq("float/int", out("out_d"), d * 2.0 + np.arange(32))


@make("constant_param")
def _(name):
    save("x", rng(name).standard_normal(16).astype(np.float32))


@check("constant_param")
def _(name):
    x = load("x")
    want = np.zeros((16, 5), np.float32)
    for k in range(5):
        want[:, k] = x * np.float32(k) * np.float32(0.5)
    eq("out", out(), want)


@make("generic_kernel")
def _(name):
    r = rng(name)
    save("a", ints(r, np.uint16, 6 * 7).reshape(6, 7))
    save("b", r.standard_normal((6, 7)).astype(np.float64))


@check("generic_kernel")
def _(name):
    a, b = load("a"), load("b")
    eq("uint16", out("out_a"), np.array([[wrap(v * 3 + 1, np.uint16) for v in row] for row in a.tolist()], np.uint16))
    eq("float64", out("out_b"), b * 3.0 + 1.0)


@make("module_constants")
def _(name):
    save("a", ints(rng(name), np.int16, 32))


@check("module_constants")
def _(name):
    a = load("a").tolist()
    # N = 4 (weak), M = N * 2 + 1 = 9, K: int16 = 3, SCALE = 0.5
    eq("out", out(), np.array([[wrap(x + 9, np.int16), wrap(x * 3, np.int16), 9, 4]
                               for x in a], np.int16))
    eq("f", out("out_f"), np.array([x * 0.5 for x in a], np.float32))


# ===========================================================================
def main():
    global D, TEST
    if len(sys.argv) != 4 or sys.argv[1] not in ("make", "check"):
        sys.exit(__doc__)
    cmd, TEST, D = sys.argv[1:]
    table = MAKE if cmd == "make" else CHECK
    if TEST not in table:
        sys.exit(f"unknown test {TEST!r} for {cmd}")
    table[TEST](TEST)
    if cmd == "check":
        print(f"{TEST}: ok")


TEST = "?"
if __name__ == "__main__":
    main()
