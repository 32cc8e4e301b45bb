"""Inputs and check for the merged-work-group sums
(Execution/MergedWorkGroups):
  sums.py make DIR N DTYPE   writes DIR/x.npy (N elements of DTYPE)
  sums.py check DIR          checks DIR/out.npy against the sum of x
Integers must match exactly; float32 sums (added in any order) within a
relative 1e-5 of the float64 sum.
"""
import sys

import numpy as np


def make(folder, n, dtype):
    rng = np.random.default_rng(n)
    if np.issubdtype(dtype, np.integer):
        x = rng.integers(-1000, 1000, n).astype(dtype)
    else:
        x = rng.random(n).astype(dtype)
    np.save(f"{folder}/x.npy", x)


def check(folder):
    x = np.load(f"{folder}/x.npy")
    out = np.load(f"{folder}/out.npy")
    want = x.sum(dtype=np.float64)
    if np.issubdtype(x.dtype, np.integer):
        ok = out.shape == (1,) and int(out[0]) == int(x.sum(dtype=np.int64))
    else:
        ok = out.shape == (1,) and abs(out[0] - want) <= 1e-5 * abs(want)
    print(f"sum of {len(x)} {x.dtype}: {'ok' if ok else 'MISMATCH'}"
          + ("" if ok else f" (got {out}, want {want})"))
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), np.dtype(sys.argv[4]).type)
        sys.exit(0)
    sys.exit(check(sys.argv[2]))
