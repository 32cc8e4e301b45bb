"""Inputs and check for the bounded-loop kernel rows (Execution/CUDA/
bounded_rows.py):
  bounded_rows.py make DIR COLS           writes DIR/a.npy (32 x COLS)
  bounded_rows.py check DIR LOCAL0        checks DIR/out.npy
Work-item (g, c) with local id t = g % LOCAL0 writes
out[g, c] = sum over k of (k + 1) * a[t + 8k, c], for t + 8k < 32.
"""
import sys

import numpy as np


def make(folder, cols):
    a = np.arange(32 * cols, dtype=np.float32).reshape(32, cols) % 1009
    np.save(f"{folder}/a.npy", a)


def check(folder, local0):
    a = np.load(f"{folder}/a.npy")
    out = np.load(f"{folder}/out.npy")
    want = np.zeros_like(out)
    for g in range(out.shape[0]):
        t = g % local0
        for k, r in enumerate(range(t, 32, 8)):
            want[g] += (k + 1) * a[r]
    if not np.array_equal(out, want):
        bad = np.argwhere(out != want)
        print(f"bounded rows: MISMATCH at {bad[:4].tolist()} "
              f"(of {len(bad)})")
        return 1
    print("bounded rows: ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]))
        sys.exit(0)
    sys.exit(check(sys.argv[2], int(sys.argv[3])))
