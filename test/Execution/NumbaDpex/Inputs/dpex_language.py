#!/usr/bin/env python3
"""Inputs and NumPy references of the numba-dpex spelling and typing tests
(issue 12 items 1, 3, 5, 7, 8) and of examples/dpex/row_moments.py and
index_space_report.py, written from numba-dpex's and NumPy's documented
semantics, independently of Kiln. A check prints "NAME: ok" or exits
non-zero with the first difference.

    dpex_language.py make NAME DIR
    dpex_language.py check NAME DIR
"""
import math
import sys

import numpy as np

MAKE, CHECK = {}, {}


def case(fn):
    kind, name = fn.__name__.split("_", 1)
    (MAKE if kind == "make" else CHECK)[name] = fn
    return fn


def load(d, name):
    return np.load(f"{d}/{name}.npy")


def equal(what, got, want):
    if got.dtype != want.dtype or got.shape != want.shape or not np.array_equal(got, want):
        sys.exit(f"{what}: got {got.dtype}{got.shape}\n{got}\nwant {want.dtype}{want.shape}\n{want}")


def close(what, got, want, rtol):
    if got.dtype != want.dtype or got.shape != want.shape:
        sys.exit(f"{what}: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    if not np.allclose(got, want, rtol=rtol, atol=0):
        bad = np.flatnonzero(~np.isclose(got, want, rtol=rtol, atol=0))[0]
        sys.exit(f"{what}: first difference at {bad}: {got.flat[bad]} != {want.flat[bad]}")


# --- row_moments (examples/dpex): a.dtype, fill_zeros, len, stores -------
@case
def make_row_moments(d):
    r = np.random.default_rng(7)
    a = r.standard_normal((16, 40))
    np.save(f"{d}/a32.npy", a.astype(np.float32))
    np.save(f"{d}/a64.npy", a)
    np.save(f"{d}/out32.npy", np.zeros((16, 3), np.float32))
    np.save(f"{d}/out64.npy", np.zeros((16, 3), np.float64))


def row_moments(a, out_dtype):
    # Sums in the element type (a.dtype), moments as numba-dpex computes
    # them (a float32 sum divided by the int64 extent is float64), the
    # result stored into the output's type.
    n = a.shape[1]
    out = np.zeros((a.shape[0], 3), out_dtype)
    for i in range(a.shape[0]):
        s = a.dtype.type(0)
        s2 = a.dtype.type(0)
        m = a.dtype.type(0)
        for x in a[i]:
            s = a.dtype.type(s + x)
            s2 = a.dtype.type(s2 + x * x)
            m = max(m, abs(x))
        mean = np.float64(s) / n
        out[i, 0] = mean
        out[i, 1] = math.sqrt(max(np.float64(s2) / n - mean * mean, 0.0))
        out[i, 2] = m + a.dtype.type(out.shape[0])
    return out


@case
def check_row_moments(d):
    for bits, rtol in (("32", 1e-5), ("64", 1e-12)):
        a = load(d, f"a{bits}")
        want = row_moments(a, a.dtype)
        close(f"row_moments float{bits}", load(d, f"res{bits}"), want, rtol)
    print("row_moments: ok")


# --- index_space_report (examples/dpex) -----------------------------------
@case
def make_index_space_report(d):
    np.save(f"{d}/nd.npy", np.zeros((24, 5), np.int64))
    np.save(f"{d}/flat.npy", np.zeros(24, np.int64))
    np.save(f"{d}/b.npy", np.zeros(3, np.int64))


@case
def check_index_space_report(d):
    # NdRange((4, 6), (2, 3)): 24 work-items, groups of 6, a 2 x 2 grid of
    # groups; numba-dpex's MemoryOrder.SEQ_CST is 5, WORK_GROUP scope 2.
    equal("nd_report", load(d, "res_nd"), np.tile(np.array([24, 6, 2, 2 + 4, 52], np.int64), (24, 1)))
    # Range(2, 3, 4): linear range 24, 3 dimensions.
    equal("item_report", load(d, "res_flat"), np.full(24, 243, np.int64))
    print("index_space_report: ok")


# --- spellings: numba-dpex's module paths ---------------------------------
@case
def make_spellings(d):
    np.save(f"{d}/x.npy", np.arange(64, dtype=np.float32) * 0.5)
    np.save(f"{d}/sums.npy", np.zeros(4, np.float32))


@case
def check_spellings(d):
    x = load(d, "x")
    # Each group of 16 adds twice its elements into its slot.
    want = (2 * x.astype(np.float64)).reshape(4, 16).sum(axis=1).astype(np.float32)
    close("spellings", load(d, "res_sums"), want, 1e-6)
    print("spellings: ok")


# --- math_names: math./np./numpy./dpnp./imported names --------------------
@case
def make_math_names(d):
    r = np.random.default_rng(3)
    np.save(f"{d}/x.npy", r.uniform(0.1, 0.9, 32).astype(np.float32))
    np.save(f"{d}/out.npy", np.zeros((32, 6), np.float32))


@case
def check_math_names(d):
    x = load(d, "x").astype(np.float64)
    want = np.stack([4 * np.sqrt(x), np.arctan2(x, 0.5) * 2, np.exp(x) * 3,
                     np.arcsin(x) + np.arccos(x) + np.arctan(x), np.hypot(x, 1.0) + np.pi,
                     np.floor(x * 10) + np.trunc(-x * 10)], axis=1).astype(np.float32)
    close("math_names", load(d, "res_out"), want, 2e-6)
    print("math_names: ok")


# --- store_narrowing: NumPy item assignment -------------------------------
@case
def make_store_narrowing(d):
    np.save(f"{d}/x.npy", np.array([1.0 + 2**-40, 1e10, -3.25, 0.1], np.float64))
    np.save(f"{d}/n.npy", np.array([300, -1, 2**40 + 5, 127], np.int64))
    np.save(f"{d}/f.npy", np.zeros(4, np.float32))
    np.save(f"{d}/i8.npy", np.zeros(4, np.int8))
    np.save(f"{d}/u16.npy", np.zeros(4, np.uint16))


@case
def check_store_narrowing(d):
    x, n = load(d, "x"), load(d, "n")
    f = np.zeros(4, np.float32)
    i8 = np.zeros(4, np.int8)
    u16 = np.zeros(4, np.uint16)
    for i in range(4):
        f[i] = x[i]                            # float64 -> float32
        f[i] += x[i]                           # float32 + float64, stored
        i8[i] = n[i].astype(np.int8)           # wraps, as astype
        u16[i] = n[i].astype(np.uint16)
    equal("float32", load(d, "res_f"), f)
    equal("int8", load(d, "res_i8"), i8)
    equal("uint16", load(d, "res_u16"), u16)
    print("store_narrowing: ok")


def main():
    mode, name, d = sys.argv[1:4]
    (MAKE if mode == "make" else CHECK)[name](d)


if __name__ == "__main__":
    main()
