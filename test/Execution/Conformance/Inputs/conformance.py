#!/usr/bin/env python3
"""Inputs and NumPy references for the conformance execution tests
(test/Execution/Conformance/S*/), written from the language specification
(as docs/language.md states it), independently of Kiln.

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
# S3 index space
# ===========================================================================
def pad3(t):
    return tuple(t) + (1,) * (3 - len(t))


def item_rows(rng_):
    """[id0 id1 id2 r0 r1 r2 linear] for every work-item of Range(rng_),
    in row-major order."""
    R = pad3(rng_)
    rows = []
    for a, b, c in np.ndindex(*R):
        rows.append([a, b, c, *R, (a * R[1] + b) * R[2] + c])
    return np.array(rows, np.int64)


def nd_rows(glob, loc):
    """Per work-item, row-major over global ids: global id x3, local id x3,
    global range x3, local range x3, group id x3, group range x3, global
    linear, local linear, group linear id, group linear range, local linear
    range."""
    G, L = pad3(glob), pad3(loc)
    N = tuple(g // l for g, l in zip(G, L))
    lin = lambda v, r: (v[0] * r[1] + v[1]) * r[2] + v[2]
    rows = []
    for g in np.ndindex(*G):
        l = tuple(x % y for x, y in zip(g, L))
        q = tuple(x // y for x, y in zip(g, L))
        rows.append([*g, *l, *G, *L, *q, *N, lin(g, G), lin(l, L), lin(q, N),
                     N[0] * N[1] * N[2], L[0] * L[1] * L[2]])
    return np.array(rows, np.int64)


ITEM = {"item_1d": (37,), "item_2d": (5, 7), "item_3d": (3, 4, 5)}
NDITEM = {"nditem_1d": ((96,), (32,)), "nditem_2d": ((8, 12), (4, 3)),
          "nditem_3d": ((4, 6, 8), (2, 3, 4))}


@make(*ITEM, *NDITEM, "group_leader", "item_over_ndrange")
def _(name):
    pass


@check(*ITEM)
def _(name):
    R = ITEM[name]
    eq(name, out().reshape(-1, 7), item_rows(R))


@check(*NDITEM)
def _(name):
    eq(name, out().reshape(-1, 23), nd_rows(*NDITEM[name]))


@check("group_leader")
def _(name):
    rows = nd_rows((6, 8), (3, 4))
    eq("leader", out().reshape(-1), rows[:, 19] == 0)   # local linear id == 0
    eq("leaders per group", out("out_n").reshape(-1), np.ones(4, np.int32))


@check("item_over_ndrange")
def _(name):
    eq("item", out().reshape(-1, 7), item_rows((8, 6)))


# item_dimensions: one launch per output, [dimensions, dimensions via a
# device function + base, range 0, linear id] per work-item.
ITEM_DIMENSIONS = {"out_r6": (6,), "out_r6x1": (6, 1), "out_r2x3x1": (2, 3, 1),
                   "out_r1x2x3": (1, 2, 3), "out_nd4x2": (4, 2)}


@check("item_dimensions")
def _(name):
    for output, rng_ in ITEM_DIMENSIONS.items():
        n = int(np.prod(rng_))
        rank = len(rng_)
        want = np.array([[rank, rank + 100, rng_[0], k] for k in range(n)],
                        np.int64)
        eq(output, out(output), want)


# ===========================================================================
# S4 expressions
# ===========================================================================
@make("floordiv_mod_int")
def _(name):
    r = rng(name)
    a = np.concatenate([[7, -7, 7, -7, 0, 0, 1, -1, 6, -6], r.integers(-1000, 1000, 118)])
    b = np.concatenate([[2, 2, -2, -2, 3, -3, -5, 5, 3, -3], r.integers(1, 40, 118) * r.choice([-1, 1], 118)])
    save("a32", a.astype(np.int32))
    save("b32", b.astype(np.int32))
    save("a64", (a * 10**12 + a).astype(np.int64))
    save("b64", (b * 10**9).astype(np.int64))
    save("a8", (a % 200 - 100).astype(np.int8))
    save("b8", b.clip(-100, 100).astype(np.int8))


@check("floordiv_mod_int")
def _(name):
    for w, dt in (("32", np.int32), ("64", np.int64), ("8", np.int8)):
        a, b = load("a" + w).tolist(), load("b" + w).tolist()
        eq("int" + w, out("out" + w), np.array([[x // y, x % y] for x, y in zip(a, b)], dt))


FLOAT_PAIRS = [(1.0, 0.1), (-1.0, -0.1), (7.0, 2.0), (-7.0, 2.0), (7.0, -2.0), (-7.0, -2.0),
               (5.5, 1.5), (-5.5, 1.5), (5.5, -1.5), (-5.5, -1.5), (0.0, 3.0), (3.0, np.inf),
               (-3.0, np.inf), (1.0, 0.2), (0.9, 0.3), (2.0, 0.1)]


@make("floordiv_mod_float")
def _(name):
    r = rng(name)
    n = 128 - len(FLOAT_PAIRS)
    a = np.concatenate([[p[0] for p in FLOAT_PAIRS], r.uniform(-100, 100, n)])
    b = np.concatenate([[p[1] for p in FLOAT_PAIRS], r.uniform(0.1, 10, n) * r.choice([-1, 1], n)])
    for dt in ("32", "64"):
        save("a" + dt, a.astype("float" + dt))
        save("b" + dt, b.astype("float" + dt))


@check("floordiv_mod_float")
def _(name):
    for dt in ("64", "32"):
        a, b = load("a" + dt), load("b" + dt)
        # NumPy's floor_divide/remainder follow Python (divmod), in the type's precision.
        want = np.stack([np.floor_divide(a, b), np.remainder(a, b)], 1)
        o = out("out" + dt)
        close(f"float{dt} //", o[:, 0], want[:, 0].astype(np.float64))
        close(f"float{dt} %", o[:, 1], want[:, 1].astype(np.float64), ulp=0)


@make("true_division")
def _(name):
    r = rng(name)
    save("i32", ints(r, np.int32, 64))
    j = ints(r, np.int32, 64)
    j[j == 0] = 3
    save("j32", j)
    save("i64", ints(r, np.int64, 64))
    save("u8", ints(r, np.uint8, 64, lo=1))


@check("true_division")
def _(name):
    i32, j32, i64, u8 = (load(n) for n in ("i32", "j32", "i64", "u8"))
    f32 = np.float32
    want = np.stack([
        (i32.astype(f32) / j32.astype(f32)).astype(np.float64),      # int32 / int32: float32
        i64.astype(np.float64) / j32.astype(np.float64),             # int64 / int32: float64
        (u8.astype(f32) / f32(7)).astype(np.float64),                 # uint8 / 7: float32
        (i32.astype(f32) / f32(0.0)).astype(np.float64),              # int32 / 0.0 at run time: IEEE
        (f32(1) / j32.astype(f32)).astype(np.float64),               # 1 / int32: float32
    ], 1)
    o = out()
    close("int32/int32", o[:, 0], want[:, 0])
    close("int64/int32", o[:, 1], want[:, 1])
    close("uint8/7", o[:, 2], want[:, 2])
    close("int32/0.0", o[:, 3], want[:, 3])
    close("1/int32", o[:, 4], want[:, 4])


@make("pow_const")
def _(name):
    r = rng(name)
    save("i", ints(r, np.int32, 64))
    save("b", ints(r, np.int8, 64))
    save("x", r.uniform(-3, 3, 64).astype(np.float32))
    save("d", r.uniform(-3, 3, 64))


@check("pow_const")
def _(name):
    i, b = load("i").tolist(), load("b").tolist()
    eq("int32", out("out_i"), np.array([[wrap(v ** e, np.int32) for e in (0, 1, 2, 3, 7)] for v in i], np.int32))
    eq("int8", out("out_b"), np.array([[wrap(v ** e, np.int8) for e in (2, 5, 8)] for v in b], np.int8))
    x, d = load("x"), load("d")
    f32 = np.float32
    ox, od = out("out_x"), out("out_d")
    eq("float32 x**0, x**1, x**2", ox[:, :3], np.stack([np.ones_like(x), x, x * x], 1))
    close("float32 x**3", ox[:, 3], x.astype(np.float64) ** 3, ulp=2)
    close("float32 x**6", ox[:, 4], x.astype(np.float64) ** 6, ulp=4)
    eq("float64 x**2", od[:, 0], d * d)
    close("float64 x**5", od[:, 1], d ** 5, ulp=3)


@make("pow_float")
def _(name):
    r = rng(name)
    save("x", r.uniform(0.01, 10, 64).astype(np.float32))
    save("y", r.uniform(-4, 4, 64).astype(np.float32))
    save("d", r.uniform(0.01, 10, 64))
    save("e", r.uniform(-4, 4, 64))
    save("n", r.integers(-5, 6, 64).astype(np.int32))


@check("pow_float")
def _(name):
    x, y, d, e, n = (load(v).astype(np.float64) for v in ("x", "y", "d", "e", "n"))
    o32, o64 = out("out32"), out("out64")
    close("float32 ** float32", o32[:, 0], x ** y, ulp=4)
    close("float32 ** 0.5", o32[:, 1], x ** 0.5, ulp=4)
    close("int32 ** 2.0 (float32)", o32[:, 2], n ** 2.0, ulp=0)
    close("float32 ** runtime int32", o32[:, 3], x ** n, ulp=4)
    close("float64 ** float64", o64[:, 0], d ** e, ulp=4)
    close("float64 ** -1.5", o64[:, 1], d ** -1.5, ulp=4)


@make("pow_int_runtime")
def _(name):
    r = rng(name)
    save("i", ints(r, np.int32, 64, lo=-50, hi=50))
    save("e", r.integers(0, 40, 64).astype(np.int32))
    save("l", ints(r, np.int64, 64, lo=-1000, hi=1000))
    save("u", ints(r, np.uint8, 64))


@check("pow_int_runtime")
def _(name):
    i, e, l, u = (load(v).tolist() for v in ("i", "e", "l", "u"))
    eq("int32", out("out_i"), np.array([wrap(a ** k, np.int32) for a, k in zip(i, e)], np.int32))
    eq("int64", out("out_l"), np.array([wrap(a ** k, np.int64) for a, k in zip(l, e)], np.int64))
    eq("uint8", out("out_u"), np.array([wrap(a ** (k % 9), np.uint8) for a, k in zip(u, e)], np.uint8))


SHIFT_TYPES = ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64")


@make("shifts")
def _(name):
    r = rng(name)
    for t in SHIFT_TYPES:
        dt = np.dtype(t)
        save(t, np.repeat(ints(r, dt, 64)[:, None], 3, 1))
        save("s" + t, r.integers(0, dt.itemsize * 8, 64).astype(dt))


@check("shifts")
def _(name):
    for t in SHIFT_TYPES:
        x, s = load(t)[:, 0].tolist(), load("s" + t).tolist()
        eq(t, out("out_" + t), np.array([[wrap(a << k, t), a >> k, a >> 1] for a, k in zip(x, s)], t))
    # mixed: int8 << int32 is int32; uint8 >> int8 is uint8 (logical)
    eq("mixed", out("out_mixed"), np.array([1600, 50, 2**31 - 1, -1], np.int64))


@make("bitwise_mixed")
def _(name):
    r = rng(name)
    save("i32", ints(r, np.int32, 64))
    save("u8", ints(r, np.uint8, 64))
    save("i64", ints(r, np.int64, 64))


@check("bitwise_mixed")
def _(name):
    i32, u8, i64 = (load(v).tolist() for v in ("i32", "u8", "i64"))
    rows = []
    for a, b, c in zip(i32, u8, i64):
        rows.append([a & b, a | b, a ^ b, a & 0xFF, c ^ 0x7FFF0000FFFF, c | a, ~b & 0xFF, wrap(~b, np.uint8)])
    eq("bitwise", out(), np.array(rows, np.int64))
    # True & False, True | False, True ^ True, ~True (int64 -2)
    eq("bools", out("out_b"), np.array([0, 1, 0, -2], np.int64))


@make("unary")
def _(name):
    r = rng(name)
    save("i", ints(r, np.int32, 32))
    save("f", special_floats(r, np.float32, 32))


@check("unary")
def _(name):
    i, f = load("i"), load("f")
    eq("int", out("out_i"), np.array([[wrap(-a, np.int32), a, ~a, int(not a)] for a in i.tolist()], np.int64))
    o = out("out_f")
    close("-f", o[:, 0], -f.astype(np.float64))
    if not (np.signbit(o[:, 0]) == np.signbit(-f)).all():
        fail("-x does not flip the sign of zero/nan")
    close("+f", o[:, 1], f.astype(np.float64))
    eq("not f (nan is truthy)", o[:, 2], (f == 0).astype(np.float32))
    # -True == -1, +True == 1, ~True == -2, not True == False
    eq("bool", out("out_b"), np.array([-1, 1, -2, 0, 1], np.int64))


@make("comparisons")
def _(name):
    r = rng(name)
    a = ints(r, np.int32, 128, lo=-5, hi=5)
    save("a", a)
    save("b", ints(r, np.int32, 128, lo=-5, hi=5))
    save("u", ints(r, np.uint32, 128))
    save("v", ints(r, np.uint32, 128))
    f = special_floats(r, np.float32, 128)
    f[20:40] = a[20:40]
    save("f", f)
    save("g", r.permutation(f))


@check("comparisons")
def _(name):
    a, b, u, v, f, g = (load(n) for n in "abuvfg")
    ops = lambda x, y: [x < y, x <= y, x > y, x >= y, x == y, x != y]
    with np.errstate(invalid="ignore"):
        eq("int32", out("out_i"), np.stack(ops(a, b), 1))
        eq("uint32 (unsigned)", out("out_u"), np.stack(ops(u, v), 1))
        eq("float32 (ordered; != unordered)", out("out_f"), np.stack(ops(f, g), 1))
        eq("int32 vs float32", out("out_m"), np.stack(ops(a.astype(np.float32), g), 1))


@make("chained_comparison")
def _(name):
    r = rng(name)
    for n in "abc":
        save(n, r.integers(-3, 4, 64).astype(np.int32))


@check("chained_comparison")
def _(name):
    a, b, c = (load(n).tolist() for n in "abc")
    rows = [[x < y < z, x < y > z, x == y == z, x <= y != z, -1 <= x < 2, x < y < z < 3]
            for x, y, z in zip(a, b, c)]
    eq("chained", out(), np.array(rows, np.bool_))
    eq("lazy third operand", out("out_lazy"), np.array([x < 64 and 64 > c[x] * 30 for x in range(80)], np.bool_))


@make("short_circuit", "conditional_expr")
def _(name):
    r = rng(name)
    save("x", r.standard_normal(64).astype(np.float32))
    save("n", r.integers(-3, 4, 64).astype(np.int32))


@check("short_circuit")
def _(name):
    x, n = load("x"), load("n")
    idx = np.arange(80)
    xi = np.concatenate([x, np.zeros(16, np.float32)])
    eq("and", out("out_and"), (idx < 64) & (xi > 0))
    eq("or", out("out_or"), (idx >= 64) | (xi > 0))
    ni = np.concatenate([n, np.ones(16, np.int32)])
    # n and 5 // n > 0 (never divides by zero); x or ...: and/or yield bool
    eq("guarded division", out("out_div"), (idx < 64) & (ni != 0) & (np.floor_divide(5, np.where(ni == 0, 1, ni)) > 0))
    eq("values", out("out_v"), np.stack([(ni != 0) & (xi != 0), (ni != 0) | (xi != 0)], 1)[:64])


@check("conditional_expr")
def _(name):
    x, n = load("x"), load("n")
    idx = np.arange(80)
    xi = np.concatenate([x, np.zeros(16, np.float32)])
    eq("guarded load", out("out_load"), np.where(idx < 64, xi, np.float32(-1)))
    ni = n.astype(np.int64)
    eq("guarded division", out("out_div"), np.array([7 // v if v != 0 else 0 for v in n.tolist()], np.int32))
    eq("select", out("out_sel"), np.stack([np.where(x > 0, x, -x), np.where(n > 0, x * 2, x + 1)], 1))
    eq("nested", out("out_nest"), np.array([1 if v > 0 else (0 if v == 0 else -1) for v in n.tolist()], np.int64))


# ===========================================================================
# S4 statements
# ===========================================================================
@make("augassign_int")
def _(name):
    r = rng(name)
    save("a", ints(r, np.int32, 128))
    b = ints(r, np.int32, 128)
    b[(b == 0) | (b == -1)] = 5
    save("b", b)


@check("augassign_int")
def _(name):
    rows = []
    for x, y in zip(load("a").tolist(), load("b").tolist()):
        s = y & 7
        rows.append([x + y, x - y, x * y, x // y, x % y, x ** 3, x & y, x | y, x ^ y, x << s, x >> s])
    eq("int32", out(), np.array([[wrap(v, np.int32) for v in row] for row in rows], np.int32))


@make("augassign_float")
def _(name):
    r = rng(name)
    save("x", r.uniform(-50, 50, 128).astype(np.float32))
    save("y", (r.uniform(0.5, 8, 128) * r.choice([-1, 1], 128)).astype(np.float32))
    save("d", r.uniform(-50, 50, 128))


@check("augassign_float")
def _(name):
    x, y, d = load("x"), load("y"), load("d")
    o = out()
    want = [x + y, x - y, x * y, x / y, np.floor_divide(x, y), np.remainder(x, y), x * x,
            x + np.float32(3)]
    for k, w in enumerate(want):
        close(f"float32 op {k}", o[:, k], w.astype(np.float64))
    close("float32 **= y", o[:, 8], np.abs(x).astype(np.float64) ** y, ulp=4)
    od = out("out_d")
    close("float64 /= 3", od[:, 0], d / 3)
    close("float64 -= int", od[:, 1], d - np.arange(128))


@make("augassign_subscript")
def _(name):
    save("a", np.arange(32, dtype=np.int32) * 10)


@check("augassign_subscript")
def _(name):
    eq("a", out("out_a"), np.arange(32, dtype=np.int32) * 10 + 5)
    eq("counters", out("out_c"), np.array([32, 32], np.int32))
    m = out("out_m")
    eq("m rows", m.sum(1), np.full(32, -1, np.int64))
    eq("elements", out("out_e"), np.stack([np.full(32, 7, np.uint16), np.full(32, 8 << 2, np.uint16)], 1))


@make("if_elif_else", "truthiness")
def _(name):
    r = rng(name)
    save("x", r.integers(-20, 21, 128).astype(np.int32))
    f = special_floats(r, np.float32, 128)
    f[10:40] = 0.0
    save("f", f)


@check("if_elif_else")
def _(name):
    rows = []
    for v in load("x").tolist():
        r = 2
        if v < -10:
            r = 0
        elif v < 0:
            r = 1
        elif v == 0:
            pass
        elif v < 10:
            r = 3 if v % 2 else 30
        else:
            r = 4
        s = 0
        if v > 5:
            s = 1
        rows.append([r, s])
    eq("branches", out(), np.array(rows, np.int64))


@check("truthiness")
def _(name):
    x, f = load("x").tolist(), load("f").tolist()
    rows = []
    for v, g in zip(x, f):
        k, c = abs(v), 0
        while k:
            k -= 1
            c += 1
        rows.append([1 if v else 0, 1 if g else 0, 1 if not g else 0, c, 1 if (v and g) else 0])
    eq("truthiness", out(), np.array(rows, np.int64))


@make("for_range", "for_negative_step")
def _(name):
    r = rng(name)
    save("n", r.integers(0, 12, 64).astype(np.int32))
    save("st", r.integers(1, 5, 64).astype(np.int32))


@check("for_range")
def _(name):
    rows = []
    for n, st in zip(load("n").tolist(), load("st").tolist()):
        k = -7
        for k in range(n):
            pass
        rows.append([sum(range(n)), sum(range(3, n)), sum(v * v for v in range(1, n, 3)),
                     sum(range(-2, n, st)), k, n, len(range(120, 127, 3)), len(range(n, 3))])
    eq("for", out(), np.array(rows, np.int64))


@check("for_negative_step")
def _(name):
    rows = []
    for n, st in zip(load("n").tolist(), load("st").tolist()):
        h = 0
        for v in range(n, 0, -2):
            h = h * 3 + v
        rows.append([sum(range(n, -1, -1)), sum(range(10, n, -3)), sum(range(n, -5, -st)), 0,
                     h, len(range(-120, -128, -5)), len(range(n, n + 5, -1))])
    eq("for", out(), np.array(rows, np.int64))


@make("while_loop")
def _(name):
    r = rng(name)
    save("a", r.integers(1, 10**6, 64).astype(np.int64))
    save("b", r.integers(1, 10**6, 64).astype(np.int64))


@check("while_loop")
def _(name):
    rows = []
    for a, b in zip(load("a").tolist(), load("b").tolist()):
        g = math.gcd(a, b)
        n, c = a, 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            c += 1
        p = 1
        while True:
            p *= 2
            if p > b:
                break
        rows.append([g, c, p])
    eq("while", out(), np.array(rows, np.int64))


@make("break_continue", "loop_else")
def _(name):
    r = rng(name)
    save("m", r.integers(0, 12, (64, 16)).astype(np.int32))


@check("break_continue")
def _(name):
    rows = []
    for row in load("m").tolist():
        first = -1
        for j in range(16):
            if row[j] > 9:
                first = j
                break
        cnt = 0
        for a in range(row[0]):
            for b in range(row[1]):
                if b > a:
                    break
                if (a + b) % 2 == 1:
                    continue
                cnt += 1
        k, s = 0, 0
        while k < row[2] * 2:
            k += 1
            if k % 3 == 0:
                continue
            s += k
        t = 0
        for j in range(16):
            if row[j] % 2 == 0:
                continue
            t += row[j]
        rows.append([first, cnt, s, t, j])
    eq("break/continue", out(), np.array(rows, np.int64))


@check("loop_else")
def _(name):
    rows = []
    for row in load("m").tolist():
        key = row[0] + 1
        for j in range(1, 16):
            if row[j] == key:
                found = j
                break
        else:
            found = -1
        k, flag = 0, 0
        while k < row[1]:
            if row[2 + k % 14] == 11:
                break
            k += 1
        else:
            flag = 1
        hits, outer = 0, 0
        for o in range(3):
            outer += 1
            for j in range(row[3] % 3):
                if j == 5:
                    break
            else:
                hits += 1
                if row[4] > 5:
                    break
                continue
            hits += 100
        rows.append([found, flag, k, hits, outer])
    eq("loop else", out(), np.array(rows, np.int64))


@make("early_return")
def _(name):
    r = rng(name)
    save("x", r.integers(-5, 120, 64).astype(np.int32))


@check("early_return")
def _(name):
    want = []
    for v in load("x").tolist():
        if v < 0:
            want.append(-1)
            continue
        res = 100
        for j in range(10):
            if j * j > v:
                res = j
                break
        want.append(res)
    eq("out", out(), np.array(want, np.int32))
    eq("after", out("out_after"), np.where(load("x") < 0, 0, np.where(np.array(want) == 100, 2, 1)).astype(np.int32))


@make("tuple_assign")
def _(name):
    r = rng(name)
    save("n", r.integers(0, 60, 64).astype(np.int32))
    save("m", r.standard_normal((64, 3)).astype(np.float32))


@check("tuple_assign")
def _(name):
    fib = []
    for n in load("n").tolist():
        a, b = 0, 1
        for _k in range(n):
            a, b = b, a + b
        fib.append(a)
    eq("fib", out("out_fib"), np.array(fib, np.int64))
    m = load("m")
    eq("rotated row", out("out_m"), m[:, [2, 0, 1]])
    eq("swap", out("out_s"), np.stack([load("n").astype(np.int64) * 2, np.arange(64)], 1))


@make("chained_assign", "annotated_assign")
def _(name):
    r = rng(name)
    save("x", ints(r, np.int32, 64, lo=-1000, hi=1000))


@check("chained_assign")
def _(name):
    x = load("x").astype(np.int64)
    eq("ints", out("out_i"), np.stack([x * 2, x * 2, np.zeros(64, np.int64), x * 2], 1))
    eq("floats", out("out_f"), np.stack([np.zeros(64), (x * 2).astype(np.float64)], 1).astype(np.float32))


@check("annotated_assign")
def _(name):
    x = load("x").tolist()
    eq("ann", out(), np.array([[x_ * 1.0, wrap(x_ * 10000, np.int16), wrap(255 + (x_ & 1), np.uint8), x_ + 0.5]
                               for x_ in x], np.float64))


# ===========================================================================
# S5 memory
# ===========================================================================
@make("array_2d", "array_3d", "array_index_types")
def _(name):
    r = rng(name)
    save("a", r.standard_normal({"array_2d": (5, 9), "array_3d": (3, 4, 6),
                                 "array_index_types": (40,)}[name]).astype(np.float32))


@check("array_2d")
def _(name):
    a = load("a")
    eq("transpose", out(), a.T.copy())
    eq("attrs", out("out_s"), np.array([5, 9, 9, 45, 2], np.int64))


@check("array_3d")
def _(name):
    a = load("a")
    eq("permute", out(), np.transpose(a, (2, 0, 1)).copy())
    eq("attrs", out("out_s"), np.array([3, 4, 6, 72, 3, 6], np.int64))


@check("array_index_types")
def _(name):
    a = load("a")
    k = np.arange(40)
    eq("gathers", out(), np.stack([a[k], a[39 - k], a[(k * 7) % 40], a[k // 2]], 1))


@make("local_accessor", "local_accessor_2d", "local_array", "group_barrier", "atomic_fence")
def _(name):
    r = rng(name)
    if name in ("local_accessor_2d", "local_array"):
        save("a", r.standard_normal((32, 48)).astype(np.float32))
    else:
        save("x", r.integers(-1000, 1000, 512).astype(np.int32))


@check("local_accessor")
def _(name):
    x = load("x").reshape(-1, 64)
    eq("reversed in group", out().reshape(-1, 64), x[:, ::-1])
    eq("local size", out("out_n"), np.full(512, 64, np.int64))


@check("local_accessor_2d", "local_array")
def _(name):
    eq("transpose", out(), load("a").T.copy())


@check("group_barrier")
def _(name):
    x = load("x").astype(np.int64).reshape(-1, 128)
    eq("group sums", out(), x.sum(1).astype(np.int32))
    eq("neighbour", out("out_nb"), np.roll(x, -1, axis=1).reshape(-1).astype(np.int32))


@check("atomic_fence")
def _(name):
    x = load("x").reshape(-1, 64)
    eq("published", out(), np.repeat(x[:, 63], 64))


@make("private_array")
def _(name):
    save("x", rng(name).integers(-100, 100, (64, 8)).astype(np.int32))


@check("private_array")
def _(name):
    x = load("x")
    eq("sorted", out(), np.sort(x, 1))
    eq("2-D private", out("out_t"), np.array([sum(row[:4]) + sum(row[4:]) * 10 for row in x.tolist()], np.int64))


ATOMIC = {"atomic_global_int32": np.int32, "atomic_global_int64": np.int64,
          "atomic_global_uint32": np.uint32, "atomic_global_uint64": np.uint64,
          "atomic_global_float32": np.float32,
          "atomic_local_int32": np.int32, "atomic_local_int64": np.int64,
          "atomic_local_uint32": np.uint32, "atomic_local_float32": np.float32,
          "atomic_local_uint64": np.uint64,
          # float64 atomics run on CUDA only (test/Execution/CUDA/)
          "atomic_global_float64": np.float64, "atomic_local_float64": np.float64}


@make(*ATOMIC)
def _(name):
    dt = np.dtype(ATOMIC[name])
    r = rng(name)
    n = 256
    if dt.kind == "f":
        v = r.integers(-100, 100, n).astype(dt)
        own = r.integers(-100, 100, (n, 12)).astype(dt)
        init = np.array([0.5, 0.25, 1000, -1000, 0, 0, 0, 0], dt)
    else:
        info = np.iinfo(dt)
        v = ints(r, dt, n)
        own = ints(r, dt, n * 12).reshape(n, 12)
        init = np.array([5, 7, info.max, info.min, wrap(-1, dt), 0, 0, 0], dt)
    v[v == 0] = 3
    save("v", v)
    save("own", own)
    save("init", init)
    exp = np.stack([own[:, 10], own[:, 11] + dt.type(1)], 1).astype(dt)
    save("exp", exp)


def fold(fn, start, values):
    acc = start
    for x in values:
        acc = fn(acc, x)
    return acc


@check(*ATOMIC)
def _(name):
    dt = np.dtype(ATOMIC[name])
    v, own, init, exp0 = load("v"), load("own"), load("init"), load("exp")
    groups = 4 if "local" in name else 1
    isf = dt.kind == "f"
    W = (lambda x: x) if isf else (lambda x: wrap(x, dt))
    acc_want = []
    for g in np.split(v, groups):
        a = [W(int(c)) if not isf else float(c) for c in init]
        vals = [float(x) if isf else int(x) for x in g]
        a[0] = W(fold(lambda p, q: p + q, a[0], vals))
        a[1] = W(fold(lambda p, q: p - q, a[1], vals))
        a[2] = min([a[2]] + vals)
        a[3] = max([a[3]] + vals)
        if not isf:
            a[4] = W(fold(lambda p, q: p & q, a[4], vals))
            a[5] = W(fold(lambda p, q: p | q, a[5], vals))
            a[6] = W(fold(lambda p, q: p ^ q, a[6], vals))
        a[7] = len(vals)
        acc_want.append(a)
    eq("contended results", out("out_acc").reshape(groups, 8), np.array(acc_want, dt))
    own_want, old_want = [], []
    for x, o in zip(v.tolist(), own.tolist()):
        w = list(o)
        w[0] = W(o[0] + x)
        w[1] = W(o[1] - x)
        w[2] = min(o[2], x)
        w[3] = max(o[3], x)
        if not isf:
            w[4], w[5], w[6] = W(o[4] & x), W(o[5] | x), W(o[6] ^ x)
        w[8] = x
        w[9] = x
        w[10] = x          # compare_exchange succeeds
        own_want.append(w)  # w[11]: it fails, unchanged
        old_want.append(o[:8] + [0, o[9]])
    eq("own elements", out("out_own"), np.array(own_want, dt))
    eq("returned old values", out("out_old"), np.array(old_want, dt))
    eq("compare_exchange results", out("out_ok"), np.tile(np.array([True, False]), (len(v), 1)))
    eq("expected after compare_exchange", out("out_exp"), np.stack([own[:, 10], own[:, 11]], 1))


# ===========================================================================
# S6 builtins
# ===========================================================================
def logu(r, lo, hi, n):
    return np.exp(r.uniform(np.log(lo), np.log(hi), n))


# name: (reference on float64, domain(r, n, dtype), [special inputs], ulp f32, ulp f64)
# ulp bounds are OpenCL's for the builtin (the reference is float64 or
# better, so a float64 result gets one more).
UNARY = {
    "sqrt": (np.sqrt, lambda r, n, f: r.uniform(0, 1e4, n), [0.0, -0.0, 4.0, 2.0, np.inf, -1.0, np.nan], 3, 1),
    "exp": (np.exp, lambda r, n, f: r.uniform(-80, 80, n) * (1 if f else 8), [0.0, 1.0, -np.inf, np.inf, np.nan, 1000.0], 3, 3),
    "exp2": (np.exp2, lambda r, n, f: r.uniform(-120, 120, n) * (1 if f else 8), [0.0, 3.0, -np.inf, np.inf, np.nan, 5000.0], 3, 3),
    "log": (np.log, lambda r, n, f: logu(r, 1e-30, 1e30, n), [1.0, 0.0, -1.0, np.inf, np.nan], 3, 3),
    "log2": (np.log2, lambda r, n, f: logu(r, 1e-30, 1e30, n), [1.0, 8.0, 0.0, -1.0, np.inf, np.nan], 3, 3),
    "log10": (np.log10, lambda r, n, f: logu(r, 1e-30, 1e30, n), [1.0, 1000.0, 0.0, -1.0, np.inf, np.nan], 3, 3),
    "sin": (np.sin, lambda r, n, f: r.uniform(-10, 10, n), [0.0, -0.0, 1000.0, np.inf, np.nan], 4, 4),
    "cos": (np.cos, lambda r, n, f: r.uniform(-10, 10, n), [0.0, 1000.0, np.inf, np.nan], 4, 4),
    "tan": (np.tan, lambda r, n, f: r.uniform(-1.5, 1.5, n), [0.0, -0.0, 100.0, np.nan], 5, 5),
    "asin": (np.arcsin, lambda r, n, f: r.uniform(-1, 1, n), [0.0, 1.0, -1.0, 2.0, np.nan], 4, 4),
    "acos": (np.arccos, lambda r, n, f: r.uniform(-1, 1, n), [0.0, 1.0, -1.0, 2.0, np.nan], 4, 4),
    "atan": (np.arctan, lambda r, n, f: r.uniform(-100, 100, n), [0.0, np.inf, -np.inf, np.nan], 5, 5),
    "sinh": (np.sinh, lambda r, n, f: r.uniform(-20, 20, n), [0.0, -0.0, 1000.0, np.nan], 4, 4),
    "cosh": (np.cosh, lambda r, n, f: r.uniform(-20, 20, n), [0.0, -1000.0, np.nan], 4, 4),
    "tanh": (np.tanh, lambda r, n, f: r.uniform(-10, 10, n), [0.0, 50.0, -np.inf, np.nan], 5, 5),
    "erf": (np.vectorize(math.erf), lambda r, n, f: r.uniform(-4, 4, n), [0.0, 10.0, -10.0, np.inf, np.nan], 16, 16),
    "floor": (np.floor, lambda r, n, f: r.uniform(-100, 100, n), [-0.5, 0.5, -0.0, 2.0, -2.0, np.inf, np.nan, 1e9 + 0.5], 0, 0),
    "ceil": (np.ceil, lambda r, n, f: r.uniform(-100, 100, n), [-0.5, 0.5, -0.0, 2.0, -2.0, np.inf, np.nan], 0, 0),
    "trunc": (np.trunc, lambda r, n, f: r.uniform(-100, 100, n), [-0.5, 0.5, -2.7, 2.7, np.inf, np.nan], 0, 0),
    "fabs": (np.fabs, lambda r, n, f: r.uniform(-100, 100, n), [-0.0, -np.inf, np.nan], 0, 0),
}
BINARY = {
    "atan2": (np.arctan2, lambda r, n, f: (r.uniform(-10, 10, n), r.uniform(-10, 10, n)),
              [(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0), (np.inf, np.inf), (np.nan, 1.0)], 6, 6),
    "pow": (np.power, lambda r, n, f: (r.uniform(0, 10, n), r.uniform(-10, 10, n)),
            [(-2.0, 3.0), (-2.0, 0.5), (0.0, -1.0), (1.0, np.nan), (np.nan, 0.0), (2.0, 0.5), (10.0, 2.0)], 16, 16),
    "hypot": (None, lambda r, n, f: (r.standard_normal(n) * 10.0 ** r.integers(-20, 20, n),
                                     r.standard_normal(n) * 10.0 ** r.integers(-20, 20, n)),
              [(3.0, 4.0), (1e30, 1e30), (1e-30, 1e-30), (np.inf, np.nan), (np.nan, -np.inf), (0.0, 0.0), (-5.0, 12.0)], 4, 4),
    "fmod": (np.fmod, lambda r, n, f: (r.uniform(-100, 100, n), r.uniform(0.5, 10, n) * r.choice([-1, 1], n)),
             [(7.0, 2.0), (-7.0, 2.0), (7.0, -2.0), (-7.0, -2.0), (5.5, np.inf), (np.inf, 1.0), (1.0, 0.1)], 0, 0),
    "copysign": (np.copysign, lambda r, n, f: (r.uniform(-100, 100, n), r.uniform(-1, 1, n)),
                 [(1.0, -0.0), (-1.0, 0.0), (np.inf, -1.0), (2.0, np.nan)], 0, 0),
}
MATH_GROUPS = {
    "exp_log": ["sqrt", "exp", "exp2", "log", "log2", "log10"],
    "trig": ["sin", "cos", "tan", "asin", "acos", "atan", "atan2"],
    "hyperbolic": ["sinh", "cosh", "tanh", "erf"],
    "rounding": ["floor", "ceil", "trunc", "fabs", "fmod", "copysign"],
    "pow_hypot": ["pow", "hypot"],
}
MATH_TESTS = {f"math_{t}_{g}": (t, g) for t in ("f32", "f64") for g in MATH_GROUPS}
MATH_N = 128


def hypot_ref(x, y):
    # Exact enough: scale by the larger magnitude (Python's math.hypot is
    # correctly rounded in double on 3.10+; use it per element).
    return np.array([math.hypot(a, b) for a, b in zip(x.tolist(), y.tolist())])


@make(*MATH_TESTS)
def _(name):
    t, g = MATH_TESTS[name]
    dt = np.float32 if t == "f32" else np.float64
    r = rng(name)
    xs, ys = [], []
    for fn in MATH_GROUPS[g]:
        if fn in UNARY:
            _, dom, sp, _, _ = UNARY[fn]
            x = dom(r, MATH_N, t == "f32").astype(dt)
            x[: len(sp)] = sp
            y = np.zeros(MATH_N, dt)
        else:
            _, dom, sp, _, _ = BINARY[fn]
            x, y = (v.astype(dt) for v in dom(r, MATH_N, t == "f32"))
            x[: len(sp)] = [p[0] for p in sp]
            y[: len(sp)] = [p[1] for p in sp]
        xs.append(x)
        ys.append(y)
    save("x", np.stack(xs, 1))
    save("y", np.stack(ys, 1))


@check(*MATH_TESTS)
def _(name):
    t, g = MATH_TESTS[name]
    x, y, o = load("x").astype(np.float64), load("y").astype(np.float64), out()
    for k, fn in enumerate(MATH_GROUPS[g]):
        with np.errstate(all="ignore"):
            if fn in UNARY:
                ref, _, _, u32, u64 = UNARY[fn]
                want = ref(x[:, k])
            else:
                ref, _, _, u32, u64 = BINARY[fn]
                want = hypot_ref(x[:, k], y[:, k]) if fn == "hypot" else ref(x[:, k], y[:, k])
        close(f"math.{fn} ({t})", o[:, k], want, ulp=u32 if t == "f32" else u64)
        if fn in ("copysign", "fabs", "floor", "ceil", "trunc") and \
                (np.signbit(o[:, k]) != np.signbit(want))[~np.isnan(want)].any():
            fail(f"math.{fn} ({t}): wrong sign of zero")


@make("math_classify")
def _(name):
    r = rng(name)
    v = special_floats(r, np.float64, 64)
    v[10:14] = [1e300, -1e300, 5e-324, -np.nan]
    save("d", v)
    save("f", special_floats(r, np.float32, 64))


@check("math_classify")
def _(name):
    for k in ("f", "d"):
        v = load(k)
        eq(k, out("out_" + k), np.stack([np.isnan(v), np.isinf(v), np.isfinite(v)], 1))


@make("math_constants", "math_int_args")
def _(name):
    r = rng(name)
    save("i", ints(r, np.int32, 64, lo=0, hi=10**6))
    save("l", ints(r, np.int64, 64, lo=0, hi=10**15))
    save("x", r.uniform(-100, 100, 64).astype(np.float32))
    save("d", r.uniform(-100, 100, 64))


@check("math_constants")
def _(name):
    f32 = np.float32
    close("float32", out("out_f"), np.array([f32(math.pi), f32(math.e), np.inf, np.nan, f32(math.tau),
                                            f32(math.pi) * f32(3)], np.float64))
    close("float64", out("out_d"), np.array([math.pi, math.e, -np.inf, np.nan, math.tau, math.pi * 3]))


@check("math_int_args")
def _(name):
    i, l, x, d = load("i"), load("l"), load("x"), load("d")
    of = out("out_f")
    if (of.astype(np.float32).astype(np.float64) != of).any():
        fail("math on int32 arguments is not computed in float32")
    of = of.astype(np.float32)
    close("sqrt(int32) is float32", of[:, 0], np.sqrt(i.astype(np.float32).astype(np.float64)), ulp=3)
    close("sqrt(int64) is float64", out("out_d")[:, 0], np.sqrt(l.astype(np.float64)), ulp=1)
    close("atan2(float32, float64) is float64", out("out_d")[:, 1], np.arctan2(x.astype(np.float64), d), ulp=6)
    eq("int64(floor(x))", out("out_l"), np.floor(x).astype(np.int64))
    close("exp(int32 0..20) is float32", of[:, 1], np.exp((i % 20).astype(np.float64)), ulp=3)


@make("min_max_abs_int")
def _(name):
    r = rng(name)
    for n in "abc":
        save(n, ints(r, np.int32, 128))
    save("u", ints(r, np.uint32, 128))
    save("v", ints(r, np.uint32, 128))
    save("s", ints(r, np.int8, 128))
    save("f", r.uniform(-1e9, 1e9, 128).astype(np.float32))


@check("min_max_abs_int")
def _(name):
    a, b, c, u, v, s8 = (load(n).tolist() for n in "abcuvs")
    f = load("f")
    eq("int32", out("out_i"), np.array([[min(x, y), max(x, y), min(x, y, z), max(x, y, z), wrap(abs(x), np.int32)]
                                        for x, y, z in zip(a, b, c)], np.int32))
    eq("uint32", out("out_u"), np.array([[min(x, y), max(x, y)] for x, y in zip(u, v)], np.uint32))
    eq("int8 with literals", out("out_s"), np.array([[min(x, 1), max(x, -3), wrap(abs(x), np.int8)] for x in s8], np.int8))
    eq("max(int32, float32) is float32", out("out_f"),
       np.maximum(np.array(a, np.float32), f).astype(np.float32))


@make("min_max_abs_float")
def _(name):
    r = rng(name)
    a = special_floats(r, np.float32, 64)
    b = r.permutation(special_floats(r, np.float32, 64))
    a[:8] = [np.nan, 1.0, 0.0, -0.0, np.inf, -np.inf, np.nan, 2.0]
    b[:8] = [1.0, np.nan, -0.0, 0.0, 1.0, 1.0, np.nan, 2.0]
    save("a", a)
    save("b", b)
    save("d", a.astype(np.float64))
    save("e", b.astype(np.float64))


@check("min_max_abs_float")
def _(name):
    for k, (an, bn) in (("f", ("a", "b")), ("d", ("d", "e"))):
        a, b = load(an), load(bn)
        # Python: min(a, b) is b if b < a else a; max(a, b) is b if b > a else a.
        want = np.stack([np.where(b < a, b, a), np.where(b > a, b, a), np.abs(a)], 1)
        got = out("out_" + k)
        eq(k, got, want)
        if (np.signbit(got) != np.signbit(want))[~np.isnan(want)].any():
            fail(f"{k}: sign of zero differs from Python's min/max/abs")


@make("fma")
def _(name):
    r = rng(name)
    a = r.standard_normal(64)
    b = r.standard_normal(64)
    c = r.standard_normal(64)
    a[0], b[0], c[0] = 1 + 2.0**-12, 1 + 2.0**-12, -(1 + 2.0**-11)
    save("a", a.astype(np.float32))
    save("b", b.astype(np.float32))
    save("c", c.astype(np.float32))
    a[0], b[0], c[0] = 1 + 2.0**-27, 1 + 2.0**-27, -(1 + 2.0**-26)
    save("a64", a)
    save("b64", b)
    save("c64", c)


@check("fma")
def _(name):
    from fractions import Fraction as Fr
    for sfx, dt in (("", np.float32), ("64", np.float64)):
        a, b, c = (load(n + sfx) for n in "abc")
        exact = [Fr(float(x)) * Fr(float(y)) + Fr(float(z)) for x, y, z in zip(a, b, c)]
        want = np.array([float(e) for e in exact]).astype(dt)
        eq("fma " + dt.__name__, out("out" + sfx), want)
    if out()[0] != np.float32(2.0**-24) or out("out64")[0] != 2.0**-54:
        fail("fma is not fused (single rounding)")


@make("rsqrt")
def _(name):
    r = rng(name)
    x = logu(r, 1e-20, 1e20, 64)
    x[:4] = [1.0, 4.0, 0.25, np.inf]
    save("x", x.astype(np.float32))
    save("d", x)


@check("rsqrt")
def _(name):
    close("float32", out("out_f"), 1 / np.sqrt(load("x").astype(np.float64)), ulp=2)
    close("float64", out("out_d"), 1 / np.sqrt(load("d")), ulp=2)


@make("select")
def _(name):
    r = rng(name)
    save("a", ints(r, np.int32, 64))
    save("b", ints(r, np.int32, 64))
    save("x", r.standard_normal(64).astype(np.float32))


@check("select")
def _(name):
    a, b, x = load("a"), load("b"), load("x")
    eq("int32", out("out_i"), np.where(a > b, a, b).astype(np.int32))
    eq("float32", out("out_f"), np.where(x > 0, x * np.float32(2), np.float32(-1)).astype(np.float32))
    eq("bool condition value", out("out_b"), np.where(a % 2 == 0, np.int64(1), np.int64(-1)))


# --- collectives -----------------------------------------------------------
GROUP = 128


def seg(v, size=GROUP):
    return v.reshape(-1, size)


def per_item(vals, size=GROUP):
    return np.repeat(vals, size)


INT_OPS = {"add": (np.add, 0), "min": (np.minimum, None), "max": (np.maximum, None),
           "and": (np.bitwise_and, -1), "or": (np.bitwise_or, 0), "xor": (np.bitwise_xor, 0)}


def identity(op, dt):
    dt = np.dtype(dt)
    if op == "min":
        return np.inf if dt.kind == "f" else np.iinfo(dt).max
    if op == "max":
        return -np.inf if dt.kind == "f" else np.iinfo(dt).min
    return wrap(INT_OPS[op][1], dt) if dt.kind != "f" else 0.0


def scan(v, op, dt, inclusive, size=GROUP):
    fn = INT_OPS[op][0]
    g = seg(v.astype(dt), size)
    inc = fn.accumulate(g, axis=1).astype(dt)
    if inclusive:
        return inc.reshape(-1)
    exc = np.empty_like(inc)
    exc[:, 0] = identity(op, dt)
    exc[:, 1:] = inc[:, :-1]
    return exc.reshape(-1)


COLL = ("group_reduce_int32", "group_reduce_uint32_int64", "group_reduce_float", "group_reduce_many", "group_inclusive_scan", "group_exclusive_scan", "group_broadcast")


@make(*COLL)
def _(name):
    r = rng(name)
    save("i", ints(r, np.int32, 512))
    save("u", ints(r, np.uint32, 512))
    save("f", r.integers(-1000, 1000, 512).astype(np.float32))
    save("d", r.standard_normal(512))
    save("l", ints(r, np.int64, 512))
    save("k", np.repeat(r.integers(0, GROUP, 4), GROUP).astype(np.int32))


def wrapped_sum(g, dt):
    return np.array([wrap(int(sum(int(x) for x in row)), dt) for row in g], dt)


@check("group_reduce_int32", "group_reduce_uint32_int64", "group_reduce_float", "group_reduce_many")
def _(name):
    i, u, f, d, l = (load(n) for n in "iufdl")
    parts = {"group_reduce_int32": "i", "group_reduce_uint32_int64": "ul",
             "group_reduce_float": "fd", "group_reduce_many": "iulfd"}[name]
    if "i" in parts:
        want_i = np.stack([per_item(wrapped_sum(seg(i), np.int32))] +
                      [per_item(INT_OPS[op][0].reduce(seg(i), axis=1)) for op in ("min", "max", "and", "or", "xor")], 1)
        eq("int32 add/min/max/and/or/xor", out("out_i"), want_i.astype(np.int32))
    if "u" in parts:
        eq("uint32 add/min/max (unsigned)", out("out_u"), np.stack(
            [per_item(wrapped_sum(seg(u), np.uint32)), per_item(seg(u).min(1)), per_item(seg(u).max(1))], 1))
    if "l" in parts:
        eq("int64 add/xor", out("out_l"), np.stack(
            [per_item(wrapped_sum(seg(l), np.int64)), per_item(np.bitwise_xor.reduce(seg(l), axis=1))], 1))
    if "f" in parts:
        eq("float32 add/min/max (exact: small integers)", out("out_f"), np.stack(
            [per_item(seg(f).sum(1)), per_item(seg(f).min(1)), per_item(seg(f).max(1))], 1).astype(np.float32))
    if "d" in parts:
        od = out("out_d")
        close("float64 add", od[:, 0], per_item(seg(d).sum(1)), atol=1e-12)
        eq("float64 min/max", od[:, 1:], np.stack([per_item(seg(d).min(1)), per_item(seg(d).max(1))], 1))


def check_scan(inclusive):
    i, u, f, d = (load(n) for n in "iufd")
    ops = ("add", "min", "max", "and", "or", "xor")
    eq("int32 " + "/".join(ops), out("out_i"), np.stack([scan(i, op, np.int32, inclusive) for op in ops], 1))
    eq("uint32 add/min/max", out("out_u"), np.stack([scan(u, op, np.uint32, inclusive) for op in ("add", "min", "max")], 1))
    eq("float32 add/min/max", out("out_f"), np.stack([scan(f, op, np.float32, inclusive) for op in ("add", "min", "max")], 1))
    od = out("out_d")
    close("float64 add", od[:, 0], scan(d, "add", np.float64, inclusive), atol=1e-12)
    eq("float64 min/max", od[:, 1:], np.stack([scan(d, op, np.float64, inclusive) for op in ("min", "max")], 1))


@check("group_inclusive_scan")
def _(name):
    check_scan(True)


@check("group_exclusive_scan")
def _(name):
    check_scan(False)


@check("group_broadcast")
def _(name):
    i, f, l, k = load("i"), load("f"), load("l"), load("k")
    gi, gf, gl = seg(i), seg(f), seg(l)
    kk = seg(k)[:, 0]
    rows = np.arange(4)
    eq("int32 from 0, 5, last, run-time id", out("out_i"), np.stack(
        [per_item(gi[:, 0]), per_item(gi[:, 5]), per_item(gi[:, -1]), per_item(gi[rows, kk])], 1))
    eq("float32", out("out_f"), per_item(gf[rows, kk]))
    eq("int64", out("out_l"), per_item(gl[:, 77]))


@make("group_collectives_2048")
def _(name):
    r = rng(name)
    save("x", ints(r, np.int32, 4096))
    save("f", r.integers(-100, 100, 4096).astype(np.float32))


@check("group_collectives_2048")
def _(name):
    x, f = load("x"), load("f")
    S = 2048
    want = np.stack([per_item(wrapped_sum(seg(x, S), np.int32), S), per_item(seg(x, S).min(1), S),
                     scan(x, "add", np.int32, True, S), scan(x, "max", np.int32, False, S),
                     scan(x, "xor", np.int32, False, S), per_item(seg(x, S)[:, 2047], S),
                     per_item(seg(x, S)[:, 1500], S)], 1)
    eq("int32 reduce add/min, scans, broadcast", out(), want.astype(np.int32))
    eq("float32 reduce/scan add", out("out_f"), np.stack([per_item(seg(f, S).sum(1), S),
                                                          scan(f, "add", np.float32, True, S)], 1))


# --- device functions --------------------------------------------------------
@make("device_func_calls", "device_func_generic", "device_func_extern", "device_func_objects")
def _(name):
    r = rng(name)
    save("x", r.uniform(-4, 4, 64).astype(np.float32))
    save("n", r.integers(-50, 50, 64).astype(np.int32))
    save("b", ints(r, np.int8, 64))
    save("d", r.standard_normal(64))
    save("m", r.standard_normal((64, 8)).astype(np.float32))


@check("device_func_calls")
def _(name):
    x, n = load("x"), load("n")
    f32 = np.float32
    def clamp(v, lo, hi):
        return min(max(v, lo), hi)
    def classify(k):
        if k < 0:
            return -1
        if k == 0:
            return 0
        return 1
    want_f = [f32(clamp(v, f32(-1), f32(1))) * f32(2) + f32(k) for v, k in zip(x, n.tolist())]
    eq("nested calls, keyword arguments", out("out_f"), np.array(want_f, np.float32))
    eq("early returns, inferred int result", out("out_i"), np.array(
        [[classify(k), k * 2 * 2, (k * 2) * 3] for k in n.tolist()], np.int64))
    eq("void device function writing an array", out("out_w"), np.stack([np.arange(64), np.arange(64) * 2], 1).astype(np.int32))


@check("device_func_generic")
def _(name):
    x, n, b, d = load("x"), load("n"), load("b"), load("d")
    eq("int8", out("out_b"), np.array([wrap(v + v, np.int8) for v in b.tolist()], np.int8))
    eq("float32", out("out_f"), x + x)
    eq("float64", out("out_d"), d + d)
    eq("int32 + literal", out("out_n"), n.astype(np.int64) + 1)
    eq("Constant parameter", out("out_r"), np.stack([n * 3, n * 5], 1).astype(np.int32))


@check("device_func_extern")
def _(name):
    x, n, d = load("x"), load("n"), load("d")
    eq("i32", out("out_n"), np.array([wrap(k * 3, np.int32) ^ 0x55 for k in n.tolist()], np.int32))
    close("double(double, float)", out("out_d"), d * 2.0 + x.astype(np.float64), ulp=0)
    close("float", out("out_f"), (x * np.float32(0.5) + np.float32(1)).astype(np.float64), ulp=0)


@check("device_func_objects")
def _(name):
    m = load("m")
    close("row sums", out("out_s"), m.astype(np.float64).sum(1), ulp=8, atol=1e-5)
    eq("local reverse via LocalAccessor + NdItem", out("out_r"), seg(np.arange(64), 16)[:, ::-1].reshape(-1).astype(np.int32) * 3)
    eq("private array argument", out("out_p"), m.max(1))
    eq("group ids via Group argument", out("out_g"), np.repeat(np.arange(4), 16).astype(np.int64) * 100 + 16)


@make("atomic_memory_scopes")
def _(name):
    r = rng(name)
    save("v", r.integers(-1000, 1000, 256).astype(np.int32))
    save("own", r.integers(-1000, 1000, (256, 2)).astype(np.int32))


@check("atomic_memory_scopes")
def _(name):
    v = load("v").astype(np.int64)
    own = load("own")
    eq("WORK_ITEM fetch_add old", out("out_old")[:, 0], own[:, 0])
    eq("WORK_ITEM fetch_add", out("out_own")[:, 0], (own[:, 0] + v).astype(np.int32))
    eq("SUB_GROUP exchange old", out("out_old")[:, 1], own[:, 1])
    eq("SUB_GROUP exchange", out("out_own")[:, 1], v.astype(np.int32))
    groups = v.reshape(4, 64)
    want = np.stack([groups.sum(1), np.maximum(groups.max(1), 0), groups.sum(1)], 1).astype(np.int32)
    eq("WORK_GROUP add, max (global) and add (local) per group", out("out_grp"), want)
    eq("DEVICE add, SYSTEM add and min", out("out_acc"),
       np.array([v.sum(), v.sum(), min(v.min(), 0)], np.int32))


# float16, bfloat16 and sub-groups run on CUDA only (test/Execution/CUDA/);
# PoCL refuses them (the *_refused conformance tests).
@make("float16_cuda")
def _(name):
    r = rng(name)
    a = (r.standard_normal(256) * 10).astype(np.float16)
    b = (r.standard_normal(256) * 10).astype(np.float16)
    b[b == 0] = np.float16(1)
    b[::16] = a[::16]
    save("a", a)
    save("b", b)


@check("float16_cuda")
def _(name):
    a, b = load("a"), load("b")
    f32 = np.float32
    want = np.stack([a + b, a - b, a * b, a * np.float16(0.5), (a.astype(f32) * f32(3)).astype(np.float16),
                     np.maximum(a, b), np.abs(np.minimum(a, b))], 1)
    eq("+ - * weak literal cast max abs(min)", out()[:, :7], want)
    close("sqrt", out()[:, 7], np.sqrt(np.abs(a).astype(np.float64)), ulp=1)
    eq("/ is float32 (correctly rounded)", out("out_f")[:, 0], a.astype(f32) / b.astype(f32))
    eq("widened + 0.25", out("out_f")[:, 1], a.astype(f32) + f32(0.25))
    eq("< ==", out("out_b"), np.stack([a < b, a == b], 1))


def bf16(x):
    """float32 -> bfloat16 (round to nearest even), as float32."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16
    return bits.astype(np.uint32).view(np.float32)


@make("bfloat16_cuda")
def _(name):
    r = rng(name)
    a = (r.standard_normal(256) * 100).astype(np.float32)
    # ties: the 16 dropped bits exactly half way, with an even and an odd kept part
    ties = np.array([0x3F808000, 0x3F818000, 0xC2C88000, 0x40498000], np.uint32).view(np.float32)
    a[:4] = ties
    save("a", a)


@check("bfloat16_cuda")
def _(name):
    a = load("a")
    f32 = np.float32
    b = bf16(a)
    b3 = bf16(a * f32(3))
    eq("bfloat16(x)", out()[:, 0], b)
    eq("arithmetic in float32", out()[:, 1], b * f32(2) + f32(1))
    eq("private bfloat16 array", out()[:, 2], b + b3)
    eq("bfloat16 -> float16", out()[:, 3], b3.astype(np.float16).astype(f32))


@make("subgroups_cuda")
def _(name):
    r = rng(name)
    save("x", ints(r, np.int32, 256))
    save("f", r.standard_normal(256).astype(np.float32))


@check("subgroups_cuda")
def _(name):
    x = load("x")
    f = load("f")
    o = out()
    lane = np.arange(256) % 32
    w = x.astype(np.int64).reshape(-1, 32)
    per = lambda v: np.repeat(v, 32)
    i32 = lambda v: np.array([wrap(int(e), np.int32) for e in np.ravel(v)], np.int32)
    eq("shuffle", o[:, 0], i32(w[:, (np.arange(32) * 7 + 3) % 32]))
    eq("shuffle_down in range", o[lane < 29, 1], x[np.arange(256)[lane < 29] + 3])
    eq("shuffle_up in range", o[lane >= 2, 2], x[np.arange(256)[lane >= 2] - 2])
    eq("shuffle_xor", o[:, 3], i32(w[:, np.arange(32) ^ 5]))
    red = {"add": lambda r: r.sum(1), "min": lambda r: r.min(1), "max": lambda r: r.max(1),
           "and": lambda r: np.bitwise_and.reduce(r, 1), "or": lambda r: np.bitwise_or.reduce(r, 1),
           "xor": lambda r: np.bitwise_xor.reduce(r, 1)}
    for k, op in enumerate(red):
        eq(f"sub_group_reduce {op}", o[:, 4 + k], i32(per(red[op](w))))
    eq("get_local_id", o[:, 10], lane.astype(np.int32))
    eq("get_local_range", o[:, 11], np.full(256, 32, np.int32))
    eq("get_group_id", o[:, 12], (np.arange(256) % 64 // 32).astype(np.int32))
    eq("get_group_range", o[:, 13], np.full(256, 2, np.int32))
    eq("leader", o[:, 14], (lane == 0).astype(np.int32))
    eq("sub_group_barrier orders local memory", o[:, 15], i32(x.astype(np.int64)[np.arange(256) ^ 1] * 2))
    u = x.view(np.uint32).reshape(-1, 32)
    eq("unsigned max", o[:, 16], per(u.max(1)).view(np.int32))
    eq("unsigned min", o[:, 17], per(u.min(1)).view(np.int32))
    eq("int64 reduce", o[:, 18], i32(per(w.sum(1))))
    fw = f.reshape(-1, 32)
    eq("float max", out("out_f")[:, 0], per(fw.max(1)))
    eq("float shuffle_xor + min", out("out_f")[:, 1], fw[:, np.arange(32) ^ 16].reshape(-1) + per(fw.min(1)))


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
