#!/usr/bin/env python3
"""Inputs and the NumPy reference of numba_typing.py: what Numba's typing
computes (float literals float64, integer true division float64, int64 and
int32 with float32 float64), in NumPy's float64 arithmetic.

    numba_typing.py make DIR | check DIR SUFFIX
"""
import sys

import numpy as np


def main():
    mode, d = sys.argv[1], sys.argv[2]
    if mode == "make":
        np.save(f"{d}/n.npy", np.array([16777217, 2**40 + 3, -7], np.int64))
        np.save(f"{d}/x.npy", np.array([3.0, 0.7, -1.5], np.float32))
        np.save(f"{d}/i.npy", np.array([16777215, 7, -5], np.int32))
        return
    n, x, i = (np.load(f"{d}/{k}.npy") for k in "nxi")
    want = np.stack([
        n.astype(np.float64) * 1.0,
        x.astype(np.float64) * 0.1,
        i.astype(np.float64) / 3.0,
        i.astype(np.float64) / i[::-1].astype(np.float64),
        i.astype(np.float64) * x.astype(np.float64),
    ], axis=1)
    got = np.load(f"{d}/out{sys.argv[3]}.npy")
    if got.dtype != np.float64 or got.shape != want.shape or not np.array_equal(got, want):
        sys.exit(f"numba_typing{sys.argv[3]}: got\n{got}\nwant\n{want}")
    print(f"numba_typing{sys.argv[3]}: ok")


if __name__ == "__main__":
    main()
