"""Inputs and check for sub_group_reduce in short sub-groups
(Execution/CUDA/sub_group_reduce_short.py):
  sub_group_short.py make DIR N          writes DIR/{x,f}.npy
  sub_group_short.py check DIR LOCAL     checks DIR/out_{i,f}.npy
Work-groups of LOCAL work-items form sub-groups of 32 consecutive local
ids, the last one short when LOCAL is no multiple of 32; every work-item
holds its sub-group's int32 max and min and float32 sum (small integers).
"""
import sys

import numpy as np


def make(folder, n):
    r = np.random.default_rng(n)
    np.save(f"{folder}/x.npy", r.integers(-2**31, 2**31, n, dtype=np.int32))
    np.save(f"{folder}/f.npy", r.integers(-1000, 1000, n).astype(np.float32))


def per_sub_group(x, local, fold):
    out = np.empty_like(x)
    for g in range(0, len(x), local):
        for s in range(g, g + local, 32):
            e = min(s + 32, g + local)
            out[s:e] = fold(x[s:e])
    return out


def check(folder, local):
    x = np.load(f"{folder}/x.npy")
    f = np.load(f"{folder}/f.npy")
    oi = np.load(f"{folder}/out_i.npy")
    of = np.load(f"{folder}/out_f.npy")
    want = {
        "int32 max": (oi[:, 0], per_sub_group(x, local, np.max)),
        "int32 min": (oi[:, 1], per_sub_group(x, local, np.min)),
        "float32 add": (of, per_sub_group(f, local, np.sum)),
    }
    bad = [k for k, (got, ref) in want.items() if not np.array_equal(got, ref)]
    if bad:
        print(f"short sub-groups: MISMATCH in {', '.join(bad)}")
        return 1
    print("short sub-groups: ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]))
        sys.exit(0)
    sys.exit(check(sys.argv[2], int(sys.argv[3])))
