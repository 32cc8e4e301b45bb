#!/usr/bin/env python3
"""Inputs and NumPy references of the tuple tests (issue 12 item 8:
tuples.py here and examples/dpex/blocked_matmul.py), written from
Python's and NumPy's semantics, independently of Kiln. A check prints
"NAME: ok" or exits non-zero with the first difference.

    dpex_tuples.py make NAME DIR
    dpex_tuples.py check NAME DIR
"""
import numpy as np

# The harness (case registry, loading, comparison, command line) is the
# examples' one; this file only adds the tuple cases to it.
from dpex_examples import example as case, equal, load, main


# --- tuples: constants, locals, unpacking, swaps, a.shape -----------------
N, M = 4, 6


@case
def make_tuples(d):
    # Quarters and small integers: every result below is exact in float32.
    x = (np.arange(N * M, dtype=np.float32) * 0.25).reshape(N, M)
    np.save(f"{d}/x.npy", x)
    np.save(f"{d}/out.npy", np.zeros((N, M), np.float32))
    np.save(f"{d}/ids.npy", np.zeros((N, M), np.int64))


@case
def check_tuples(d):
    x = load(d, "x")
    out = np.zeros((N, M), np.float32)
    ids = np.zeros((N, M), np.int64)
    scale = 3, 0.25                       # SCALE in the kernel
    shape = (2, 3)                        # SHAPE
    for i in range(N):
        for j in range(M):
            t = (i * M + j, x[i, j])      # an int and a float32
            k, v = t
            k, v2 = t[0] + 1, t[-1] * np.float32(scale[1])
            a, b = v, v2
            a, b = b, a                   # swap
            p = np.zeros(shape, np.float32)
            p[1, 2] = a
            out[i, j] = a * scale[0] + b + p[1, 2] + len(shape)
            ids[i, j] = k * 10 + len(t) + N * 100 + M
    equal("tuples: out", load(d, "res_out"), out)
    equal("tuples: ids", load(d, "res_ids"), ids)


# --- blocked_matmul (examples/dpex) ---------------------------------------
BN, BK, BM, BLOCK = 8, 5, 6, (2, 3)


@case
def make_blocked_matmul(d):
    r = np.random.default_rng(11)
    # Small integers: sums of products are exact in float32 in any order.
    np.save(f"{d}/a.npy", r.integers(-4, 5, (BN, BK)).astype(np.float32))
    np.save(f"{d}/b.npy", r.integers(-4, 5, (BK, BM)).astype(np.float32))
    np.save(f"{d}/c.npy", np.zeros((BN, BM), np.float32))


@case
def check_blocked_matmul(d):
    want = load(d, "a") @ load(d, "b")
    equal("blocked_matmul", load(d, "res_c"), want.astype(np.float32))


if __name__ == "__main__":
    main()
