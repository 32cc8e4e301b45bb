#!/usr/bin/env python3
"""Inputs and NumPy references for group_reduce_fold_wide.py: group_reduce
in work-groups of 2048 (more than the 1024 scratch slots, so half the
work-items fold their value in with a compare-exchange loop) on 64-bit and
narrow types.

    group_fold.py make DIR     write DIR/{l,d,b,s}.npy
    group_fold.py check DIR    compare DIR/out_*.npy with NumPy
"""
import sys

import numpy as np

GROUP = 2048
GROUPS = 2


def make(d):
    r = np.random.default_rng(2048)
    n = GROUP * GROUPS
    # Large int64 values so that the group sum wraps.
    np.save(f"{d}/l.npy", r.integers(-2**62, 2**62, n, dtype=np.int64))
    np.save(f"{d}/d.npy", r.standard_normal(n))
    # uint8 values up to 255: a sign-extending fold would make 255 the
    # smallest (-1) and get max wrong.
    np.save(f"{d}/b.npy", r.integers(0, 256, n, dtype=np.uint8))
    np.save(f"{d}/s.npy", r.integers(-2**15, 2**15, n, dtype=np.int16))


def per_group(x, op):
    return np.repeat(op(x.reshape(GROUPS, GROUP), axis=1), GROUP)


def check(d):
    l, dd = np.load(f"{d}/l.npy"), np.load(f"{d}/d.npy")
    b, s = np.load(f"{d}/b.npy"), np.load(f"{d}/s.npy")
    ol, od = np.load(f"{d}/out_ol.npy"), np.load(f"{d}/out_od.npy")
    ob, os_ = np.load(f"{d}/out_ob.npy"), np.load(f"{d}/out_os.npy")
    with np.errstate(over="ignore"):
        want_sum = per_group(l, np.sum)  # wraps like the device
    checks = [
        ("int64 add", ol[:, 0], want_sum),
        ("int64 max", ol[:, 1], per_group(l, np.max)),
        ("float64 min", od[:, 0], per_group(dd, np.min)),
        ("uint8 max", ob, per_group(b, np.max)),
        ("int16 min", os_, per_group(s, np.min)),
    ]
    for name, got, want in checks:
        if got.dtype != want.dtype or not np.array_equal(got, want):
            bad = np.flatnonzero(got != want)
            sys.exit(f"{name}: {bad.size} mismatches, first at {bad[0]}: "
                     f"{got[bad[0]]} != {want[bad[0]]}")
    want_add = per_group(dd, np.sum)
    err = np.max(np.abs(od[:, 1] - want_add)) / np.max(np.abs(want_add))
    if err > 1e-12:
        sys.exit(f"float64 add: relative error {err:.3e}")
    print("group_fold: ok")


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])
