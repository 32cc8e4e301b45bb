"""Expected index-space values of a launch (spec §3), for the index-space
execution tests: row-major linear ids (the last dimension fastest), and
sub-groups of consecutive local linear ids.

    index_space.py nd GLOBAL:LOCAL OUT.npy      # columns of nd_ids
    index_space.py item GLOBAL OUT.npy          # columns of item_ids
    index_space.py subgroups GLOBAL:LOCAL OUT.npy SIZE

Prints "index space: ok" or the first mismatch and exits 1.
"""
import itertools
import sys

import numpy as np


def extents(text):
    return [int(x) for x in text.split(",")]


def padded(v):
    return list(v) + [1] * (3 - len(v))


def row_major(index, shape):
    linear = 0
    for i, n in zip(index, shape):
        linear = linear * n + i
    return linear


def nd_rows(glob, loc):
    """One row per work-item, ordered by global linear id."""
    g, l = padded(glob), padded(loc)
    groups = [a // b for a, b in zip(g, l)]
    rows = {}
    for gid in itertools.product(*[range(n) for n in g]):
        lid = [a % b for a, b in zip(gid, l)]
        grp = [a // b for a, b in zip(gid, l)]
        n = row_major(gid, g)
        rows[n] = (list(gid) + lid + grp + g + l + groups +
                   [n, row_major(lid, l), row_major(grp, groups)])
    return [rows[n] for n in range(len(rows))]


def item_rows(glob):
    g = padded(glob)
    rows = {}
    for gid in itertools.product(*[range(n) for n in g]):
        n = row_major(gid, g)
        rows[n] = list(gid) + g + [n, len(glob)]
    return [rows[n] for n in range(len(rows))]


def subgroup_rows(glob, loc, size):
    g, l = padded(glob), padded(loc)
    per_group = l[0] * l[1] * l[2]
    rows = {}
    for gid in itertools.product(*[range(n) for n in g]):
        lid = [a % b for a, b in zip(gid, l)]
        ll = row_major(lid, l)
        first = ll // size * size
        rows[row_major(gid, g)] = [ll, ll % size, ll // size,
                                   min(size, per_group - first),
                                   -(-per_group // size)]
    return [rows[n] for n in range(len(rows))]


def main(argv):
    kind, space, path = argv[1], argv[2], argv[3]
    got = np.load(path)
    if kind == "item":
        want = item_rows(extents(space))
    else:
        glob, loc = (extents(t) for t in space.split(":"))
        want = (nd_rows(glob, loc) if kind == "nd"
                else subgroup_rows(glob, loc, int(argv[4])))
    want = np.array(want, dtype=np.int64)
    if got.shape != want.shape:
        print(f"index space: shape {got.shape}, expected {want.shape}")
        return 1
    bad = np.argwhere(got != want)
    if len(bad):
        r, c = bad[0]
        print(f"index space: work-item {r} column {c}: got {got[r, c]}, "
              f"expected {want[r, c]} (row {got[r].tolist()} vs "
              f"{want[r].tolist()})")
        return 1
    print("index space: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
