"""Inputs and check for group_reduce over work-groups of any size
(Execution/CUDA/group_reduce_shapes.py):
  group_reduce_shapes.py make DIR N        writes DIR/{i,l,b,f,d}.npy
  group_reduce_shapes.py check DIR LOCAL   checks DIR/out_*.npy
Every work-item of a work-group of LOCAL must hold its group's results:
int32 add (wrapping), min, max, xor; int64 add (wrapping); uint8 max;
float32 add (small integers: exact in any order); float64 min.
"""
import sys

import numpy as np


def make(folder, n):
    r = np.random.default_rng(n)
    np.save(f"{folder}/i.npy", r.integers(-2**31, 2**31, n, dtype=np.int32))
    np.save(f"{folder}/l.npy", r.integers(-2**62, 2**62, n, dtype=np.int64))
    np.save(f"{folder}/b.npy", r.integers(0, 256, n, dtype=np.uint8))
    np.save(f"{folder}/f.npy", r.integers(-1000, 1000, n).astype(np.float32))
    np.save(f"{folder}/d.npy", r.standard_normal(n))


def per_group(x, local, fold):
    groups = x.reshape(-1, local)
    return np.repeat(np.array([fold(g) for g in groups]), local)


def wrap_sum(dtype):
    return lambda g: np.add.reduce(g, dtype=dtype)


def check(folder, local):
    load = lambda name: np.load(f"{folder}/{name}.npy")
    i, l, b, f, d = (load(n) for n in "ilbfd")
    oi, ol, ob, of, od = (load(f"out_{n}") for n in "ilbfd")
    with np.errstate(over="ignore"):
        want = {
            "int32 add": (oi[:, 0], per_group(i, local, wrap_sum(np.int32))),
            "int32 min": (oi[:, 1], per_group(i, local, np.min)),
            "int32 max": (oi[:, 2], per_group(i, local, np.max)),
            "int32 xor": (oi[:, 3],
                          per_group(i, local, np.bitwise_xor.reduce)),
            "int64 add": (ol, per_group(l, local, wrap_sum(np.int64))),
            "uint8 max": (ob, per_group(b, local, np.max)),
            "float32 add": (of, per_group(f, local, np.sum)),
            "float64 min": (od, per_group(d, local, np.min)),
        }
    bad = [name for name, (got, ref) in want.items()
           if not np.array_equal(got, ref)]
    if bad:
        print(f"group_reduce shapes: MISMATCH in {', '.join(bad)}")
        return 1
    print("group_reduce shapes: ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]))
        sys.exit(0)
    sys.exit(check(sys.argv[2], int(sys.argv[3])))
