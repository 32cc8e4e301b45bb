"""Inputs and check for the coarsened elementwise kernels
(Execution/Coarsening/elementwise.py):
  elementwise.py make DIR SHAPE DTYPE   writes DIR/x.npy, y.npy, zeros.npy
  elementwise.py check DIR KERNEL       checks DIR/out.npy
SHAPE is N or N,M. `axpy`: out = 2 x + y; `triad2d`: out = x + 3 y + M
(the range's last extent), each exactly as the uncoarsened kernel computes
it, in the arrays' dtype.
"""
import sys

import numpy as np


def make(folder, shape, dtype):
    dims = tuple(int(e) for e in shape.split(","))
    n = int(np.prod(dims))
    x = (np.arange(n) % 251).astype(dtype).reshape(dims)
    y = (np.arange(n)[::-1] % 127).astype(dtype).reshape(dims) / dtype(4)
    np.save(f"{folder}/x.npy", x)
    np.save(f"{folder}/y.npy", y.astype(dtype))
    np.save(f"{folder}/zeros.npy", np.zeros(dims, dtype))


def check(folder, kernel):
    x = np.load(f"{folder}/x.npy")
    y = np.load(f"{folder}/y.npy")
    out = np.load(f"{folder}/out.npy")
    t = x.dtype.type
    if kernel == "axpy":
        want = t(2) * x + y
    else:
        want = x + t(3) * y + t(x.shape[-1])
    if out.shape != want.shape or not np.array_equal(out, want):
        bad = np.argwhere(out != want)
        print(f"{kernel}: MISMATCH at {bad[:4].tolist()} (of {len(bad)})")
        return 1
    print(f"{kernel} {'x'.join(map(str, out.shape))}: ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], np.dtype(sys.argv[4]).type)
        sys.exit(0)
    sys.exit(check(sys.argv[2], sys.argv[3]))
