"""Inputs and check for group scans and broadcasts over work-groups of any
shape (Inputs/group_scan_kernels.py):
  group_scan_shapes.py make DIR N            writes DIR/{i,l,b,u,f,d}.npy
  group_scan_shapes.py check DIR GLOBAL LOCAL  checks DIR/out_*.npy
  group_scan_shapes.py make-types DIR N      writes DIR/{h,s,w}.npy
  group_scan_shapes.py check-types DIR GLOBAL LOCAL
                                             (Execution/CUDA/
                                             group_scan_types.py)
GLOBAL and LOCAL are kiln-run's range forms (3300, 12,40, 4,6,10). Each
work-item's scans run over its work-group in local linear id order (row-
major, the last dimension fastest); the exclusive scan of the first is the
op's identity. Float inputs are small integers (or quarters): every order
of addition gives the same result.
"""
import sys

import numpy as np


def make(folder, n):
    r = np.random.default_rng(n)
    np.save(f"{folder}/i.npy", r.integers(-2**31, 2**31, n, dtype=np.int32))
    np.save(f"{folder}/l.npy", r.integers(-2**62, 2**62, n, dtype=np.int64))
    np.save(f"{folder}/b.npy", r.integers(-128, 128, n, dtype=np.int8))
    np.save(f"{folder}/u.npy", r.integers(0, 2**16, n, dtype=np.uint16))
    np.save(f"{folder}/f.npy", r.integers(-1000, 1000, n).astype(np.float32))
    np.save(f"{folder}/d.npy", r.integers(-2**20, 2**20, n) / 4.0)


def make_types(folder, n):
    r = np.random.default_rng(n)
    np.save(f"{folder}/h.npy", r.integers(-2, 3, n).astype(np.float16))
    np.save(f"{folder}/s.npy", r.integers(-2**15, 2**15, n, dtype=np.int16))
    np.save(f"{folder}/w.npy", r.integers(0, 2**64, n, dtype=np.uint64))


def shape(text):
    return tuple(int(e) for e in text.split(","))


def groups(global_shape, local_shape):
    """The work-items of each work-group (global linear ids), in local
    linear id order."""
    ids = np.unravel_index(np.arange(np.prod(global_shape)), global_shape)
    group = np.ravel_multi_index(
        tuple(i // l for i, l in zip(ids, local_shape)),
        tuple(g // l for g, l in zip(global_shape, local_shape)))
    local = np.ravel_multi_index(
        tuple(i % l for i, l in zip(ids, local_shape)), local_shape)
    order = np.lexsort((local, group))
    return order.reshape(-1, int(np.prod(local_shape)))


def identity(op, dtype):
    if op == "add" or op == "or" or op == "xor":
        return dtype.type(0)
    if op == "and":
        return dtype.type(-1)
    if np.issubdtype(dtype, np.floating):
        return dtype.type(np.inf if op == "min" else -np.inf)
    info = np.iinfo(dtype)
    return dtype.type(info.max if op == "min" else info.min)


UFUNC = {"add": np.add, "min": np.minimum, "max": np.maximum,
         "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}


def scan(x, members, op, exclusive):
    out = np.empty_like(x)
    for m in members:
        v = UFUNC[op].accumulate(x[m], dtype=x.dtype)
        if exclusive:
            v = np.concatenate(([identity(op, x.dtype)], v[:-1]))
        out[m] = v
    return out


def broadcast(x, members, pick):
    out = np.empty_like(x)
    for m in members:
        out[m] = x[m[pick(len(m))]]
    return out


COLUMNS = {
    "i": [(op, False) for op in UFUNC] + [(op, True) for op in UFUNC],
    "l": [("add", False), ("add", True), ("max", False), ("min", True)],
    "b": [("min", False), ("add", True)],
    "u": [("max", False), ("min", True)],
    "f": [("add", False), ("add", True), ("max", True)],
    "d": [("min", False), ("add", True)],
}


TYPE_COLUMNS = {
    "h": [("add", False), ("min", True)],
    "s": [("add", False), ("max", True)],
    "w": [("min", False), ("xor", True)],
}


def mismatches(folder, members, columns):
    load = lambda name: np.load(f"{folder}/{name}.npy")
    bad = []
    for name, ops in columns.items():
        x, got = load(name), load(f"out_{name}")
        for c, (op, exclusive) in enumerate(ops):
            if not np.array_equal(got[:, c], scan(x, members, op, exclusive)):
                kind = "exclusive" if exclusive else "inclusive"
                bad.append(f"{x.dtype} {kind} {op}")
    return bad


def check_types(folder, global_shape, local_shape):
    bad = mismatches(folder, groups(global_shape, local_shape), TYPE_COLUMNS)
    if bad:
        print(f"group scan types: MISMATCH in {', '.join(bad)}")
        return 1
    print("group scan types: ok")
    return 0


def check(folder, global_shape, local_shape):
    load = lambda name: np.load(f"{folder}/{name}.npy")
    members = groups(global_shape, local_shape)
    bad = mismatches(folder, members, COLUMNS)
    i, b, d = load("i"), load("b"), load("d")
    want = {
        "broadcast int8 (device function)":
            (load("out_bb"), broadcast(b, members, lambda n: n - 1)),
        "broadcast int32 first": (load("out_bi")[:, 0],
                                  broadcast(i, members, lambda n: 0)),
        "broadcast int32 last": (load("out_bi")[:, 1],
                                 broadcast(i, members, lambda n: n - 1)),
        "broadcast int32 2n/3": (load("out_bi")[:, 2],
                                 broadcast(i, members, lambda n: n * 2 // 3)),
        "broadcast float64 n/2": (load("out_bd"),
                                  broadcast(d, members, lambda n: n // 2)),
    }
    bad += [name for name, (got, ref) in want.items()
            if not np.array_equal(got, ref)]
    if bad:
        print(f"group scan shapes: MISMATCH in {', '.join(bad)}")
        return 1
    print("group scan shapes: ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1].startswith("make"):
        (make_types if sys.argv[1] == "make-types" else make)(
            sys.argv[2], int(sys.argv[3]))
        sys.exit(0)
    checker = check_types if sys.argv[1] == "check-types" else check
    sys.exit(checker(sys.argv[2], shape(sys.argv[3]), shape(sys.argv[4])))
