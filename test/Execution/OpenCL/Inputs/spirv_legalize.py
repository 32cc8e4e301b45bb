#!/usr/bin/env python3
"""Inputs and NumPy references for the SPIR-V legalization execution tests
(issue 10 items 1, 5 and 8): each kernel output must equal the reference
exactly, at every optimisation level.

    spirv_legalize.py make CASE DIR        write CASE's inputs into DIR
    spirv_legalize.py check CASE DIR TAG   compare DIR/TAG_<output>.npy
"""
import sys

import numpy as np

INT32_MIN = -2**31


def make_bool_to_float(r):
    c = r.integers(-3, 4, 64).astype(np.int32)
    x = (r.integers(1, 100, 64) * np.where(r.random(64) < 0.5, -1, 1)).astype(np.float32)
    return {"c": c, "x": x}


def ref_bool_to_float(i):
    c, x = i["c"], i["x"]
    v = (c > 0).astype(np.int16)
    with np.errstate(divide="ignore"):
        e = x / (-v).astype(np.float32)
    return {"o": (-(c > 0).astype(np.int32)).astype(np.float32),
            "u": (c > 0).astype(np.float32),
            "d": (-(c < 0).astype(np.int64)).astype(np.float64),
            "e": e.astype(np.float32)}


def make_abs_widened(r):
    a = r.integers(-100, 100, 64).astype(np.int32)
    a[::4] = INT32_MIN
    h = r.integers(-100, 100, 64).astype(np.int16)
    h[1::4] = -2**15
    b = r.integers(-2**40, 2**40, 64).astype(np.int64)
    b[::8] = -18
    return {"a": a, "h": h, "b": b}


def ref_abs_widened(i):
    a, h, b = i["a"], i["h"], i["b"]
    with np.errstate(over="ignore"):
        absa, absh = np.abs(a), np.abs(h)  # wraps at the minimum, as spec §4
    return {"o": absa,
            "c": (b < absa.astype(np.int64)).astype(np.int32),
            "e": (b < absh.astype(np.int64)).astype(np.int32)}


def make_trunc_then_extend(r):
    a = r.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    a[::3] %= 300
    b = r.integers(0, 2**63, 64, dtype=np.uint64) * np.uint64(2)
    b[1::2] += np.uint64(1)
    return {"a": a, "b": b}


def ref_trunc_then_extend(i):
    a, b = i["a"], i["b"]
    return {"o": (b.astype(np.uint8) >= a).astype(np.int32),
            "s": b.astype(np.int8).astype(np.int64),
            "t": b.astype(np.int8).astype(np.int32),
            "w": a.astype(np.uint8).astype(np.int64)}


def make_zero_fill(r):
    return {"a": r.standard_normal(100).astype(np.float32),
            "x": r.integers(-1000, 1000, 100).astype(np.int32)}


N_FILL = 70


def ref_zero_fill(i):
    a, x = i["a"].copy(), i["x"]
    a[:N_FILL] = 0
    y = np.zeros(16, np.int32)
    for item in range(16):
        p = np.zeros(64, np.int64)
        for j in range(N_FILL):
            p[(item + j) % 64] += x[j]
        y[item] = p[item % 64] + p[(item + 1) % 64]
    return {"a": a, "y": y}


def make_bit_reverse(r):
    return {"c8": r.integers(0, 256, 64).astype(np.uint8),
            "c32": r.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)}


def ref_bit_reverse(i):
    c8, c32 = i["c8"], i["c32"]
    full = np.array([int(f"{v:032b}"[::-1], 2) for v in c32], np.uint32)
    return {"o8": ((c8 & 1) << 7 | (c8 >> 7) & 1).astype(np.uint8),
            "o32": (c32 >> 31 | (c32 & 1) << 31).astype(np.uint32),
            "r32": full}


def make_overflow_arith(r):
    u64 = lambda n: r.integers(0, 2**64, n, dtype=np.uint64)
    m = r.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    n = r.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    m[::2] %= 60000
    n[::2] %= 60000
    q, s = u64(64), u64(64)
    q[::2] %= 2**32
    s[::2] %= 2**32
    m[5] = q[5] = 0
    return {"a": u64(64), "b": u64(64), "m": m, "n": n, "q": q, "r": s}


def ref_overflow_arith(i):
    a, b = i["a"], i["b"]
    y = a + b
    mul32 = [x * z for x, z in zip(i["m"].tolist(), i["n"].tolist())]
    mul64 = [x * z for x, z in zip(i["q"].tolist(), i["r"].tolist())]
    return {"s": y, "c": (y < a).astype(np.uint64),
            "p": np.array([v if v < 2**32 else 0 for v in mul32], np.uint32),
            "t": np.array([v if v < 2**64 else 0 for v in mul64], np.uint64)}


def main():
    command, case, d = sys.argv[1:4]
    make = globals()[f"make_{case}"]
    inputs = make(np.random.default_rng(10))
    if command == "make":
        for name, value in inputs.items():
            np.save(f"{d}/{name}.npy", value)
        return
    tag = sys.argv[4]
    for name, want in globals()[f"ref_{case}"](inputs).items():
        got = np.load(f"{d}/{tag}_{name}.npy")
        if got.dtype != want.dtype or got.shape != want.shape:
            sys.exit(f"{case} {tag}: {name} is {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
        bad = np.flatnonzero(got != want)
        if bad.size:
            k = bad[0]
            sys.exit(f"{case} {tag}: {name} has {bad.size} mismatches, first at {k}: "
                     f"{got.flat[k]} != {want.flat[k]}")
    print(f"{case} {tag}: ok")


if __name__ == "__main__":
    main()
