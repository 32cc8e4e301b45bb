"""One k-means step: each point picks its nearest centroid (one work-item
per point), adds itself to that cluster's sums with float64 atomics, and
the host divides; compared with the same step in NumPy.

    PYTHONPATH=build/python python3 examples/python/kmeans_step.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/kmeans_step.py  # the simulator
"""
import sys

import numpy as np

import kiln
from kiln import Array, AtomicRef, Item, float64, int32, int64


@kiln.kernel
def assign(item: Item, points: Array[float64, 2], centroids: Array[float64, 2],
           labels: Array[int32], sums: Array[float64, 2], counts: Array[int64]):
    i = item.get_id(0)
    best = 0
    best_d = 1.0e300
    for c in range(centroids.shape[0]):
        d = 0.0
        for k in range(points.shape[1]):
            t = points[i, k] - centroids[c, k]
            d += t * t
        if d < best_d:
            best_d = d
            best = c
    labels[i] = best
    for k in range(points.shape[1]):
        AtomicRef(sums, (best, k)).fetch_add(points[i, k])
    AtomicRef(counts, best).fetch_add(1)


def step_numpy(points, centroids):
    d = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(-1)
    labels = d.argmin(1)
    new = np.array([points[labels == c].mean(0) for c in range(len(centroids))])
    return labels, new


def main():
    rng = np.random.default_rng(3)
    points = np.concatenate([rng.normal(m, 0.3, (64, 2)) for m in (0.0, 3.0, 6.0)])
    centroids = points[[0, 64, 128]].copy()
    labels = np.zeros(len(points), np.int32)
    sums = np.zeros_like(centroids)
    counts = np.zeros(len(centroids), np.int64)
    kiln.call_kernel(assign, kiln.Range(len(points)), points, centroids, labels, sums, counts)
    new = sums / counts[:, None]
    ref_labels, ref_new = step_numpy(points, centroids)
    ok = np.array_equal(labels, ref_labels) and np.allclose(new, ref_new)
    print("k-means step:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
