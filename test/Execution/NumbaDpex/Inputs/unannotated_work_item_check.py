"""NumPy references of unannotated_work_item.py (not a lit test)."""
import sys

import numpy as np

d = sys.argv[1]


def expect(what, got, want):
    if got.dtype != want.dtype or not np.array_equal(got, want):
        sys.exit(f"{what}: got {got}, want {want}")
    print(f"{what}: ok")


# Every work-item adds the launch's rank (2) once.
expect("count over Range(4, 6)", np.load(f"{d}/range_hits.npy"),
       np.array([24 * 2], np.int64))
expect("count over NdRange((4, 6), (2, 3))", np.load(f"{d}/nd_hits.npy"),
       np.array([24 * 2], np.int64))
a = np.load(f"{d}/a.npy")
expect("scale", np.load(f"{d}/b.npy"),
       (a * 2 + np.arange(24).reshape(4, 6)).astype(np.float32))
expect("local_ids", np.load(f"{d}/local_ids.npy"), np.arange(12) % 4)
