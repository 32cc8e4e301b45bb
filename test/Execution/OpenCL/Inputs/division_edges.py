#!/usr/bin/env python3
"""Inputs and NumPy references for the division edge-case execution tests
in this folder (int_min_floordiv_mod.py, float_floordiv_zero.py).

    division_edges.py make TEST DIR     write TEST's inputs into DIR
    division_edges.py check TEST DIR    compare DIR/out*.npy with the
                                        reference; prints "TEST: ok"
"""
import sys

import numpy as np

WIDTHS = (8, 16, 32, 64)


def wrap(v, bits):
    """Python int v wrapped to a signed two's complement integer of bits."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def int_operands(bits):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    a = [lo, lo, lo, lo, hi, hi, -7, 7, 0, lo + 1, -1, lo]
    b = [-1, 1, 2, -2, -1, 1, -1, -1, -1, -1, -1, lo]
    return a, b


def make_int(d):
    for w in WIDTHS:
        a, b = int_operands(w)
        np.save(f"{d}/a{w}.npy", np.array(a, f"int{w}"))
        np.save(f"{d}/b{w}.npy", np.array(b, f"int{w}"))


def check_int(d, suffix):
    for w in WIDTHS:
        a, b = int_operands(w)
        # Python's // and % on exact integers, then the spec's wrapping.
        want = np.array([[wrap(x // y, w), wrap(x % y, w)] for x, y in zip(a, b)],
                        f"int{w}")
        got = np.load(f"{d}/out{w}{suffix}.npy")
        if not np.array_equal(got, want):
            sys.exit(f"int{w}{suffix}: got {got.tolist()}, want {want.tolist()}")


FLOAT_PAIRS = [(1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (1.0, -0.0), (-2.5, -0.0),
               (np.inf, 0.0), (np.nan, 0.0), (np.inf, 2.0), (-np.inf, 2.0),
               (3.0, np.inf), (-3.0, np.inf), (3.0, -np.inf), (-3.0, -np.inf),
               (np.inf, np.inf), (0.0, np.inf), (-0.0, 3.0), (-4.0, 2.0),
               (4.0, -2.0), (7.0, 2.0), (1.0, 0.1)]


def make_float(d):
    for dt in ("float32", "float64"):
        np.save(f"{d}/a_{dt}.npy", np.array([p[0] for p in FLOAT_PAIRS], dt))
        np.save(f"{d}/b_{dt}.npy", np.array([p[1] for p in FLOAT_PAIRS], dt))


def same_floats(got, want):
    """Bitwise equal up to NaN payloads: values, signs of zeros and infinities."""
    both_nan = np.isnan(got) & np.isnan(want)
    return bool(np.all(both_nan | ((got == want) & (np.signbit(got) == np.signbit(want)))))


def check_float(d, suffix):
    for dt in ("float32", "float64"):
        a, b = np.load(f"{d}/a_{dt}.npy"), np.load(f"{d}/b_{dt}.npy")
        with np.errstate(all="ignore"):
            want = np.stack([np.floor_divide(a, b), np.remainder(a, b)], 1)
        got = np.load(f"{d}/out_{dt}{suffix}.npy")
        if not same_floats(got, want):
            sys.exit(f"{dt}{suffix}: got {got.tolist()}, want {want.tolist()}")


def main():
    action, test, d = sys.argv[1:4]
    suffixes = sys.argv[4:] or [""]
    if action == "make":
        {"int_min": make_int, "float_zero": make_float}[test](d)
        return
    for s in suffixes:
        {"int_min": check_int, "float_zero": check_float}[test](d, s)
    print(f"{test}: ok")


if __name__ == "__main__":
    main()
