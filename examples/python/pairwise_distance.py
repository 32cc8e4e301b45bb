"""Pairwise Euclidean distances between the rows of a point set, one
work-item per pair over a 2-D range.

    PYTHONPATH=build/python python3 examples/python/pairwise_distance.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/pairwise_distance.py  # the simulator
"""
import math
import sys

import numpy as np

import kiln
from kiln import Array, Item, float32


@kiln.kernel
def pairwise(item: Item, points: Array[float32, 2], dist: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    acc: float32 = 0.0
    for k in range(points.shape[1]):
        d = points[i, k] - points[j, k]
        acc += d * d
    dist[i, j] = math.sqrt(acc)


def main():
    n, dims = 48, 3
    points = np.random.default_rng(2).random((n, dims), dtype=np.float32)
    dist = np.zeros((n, n), np.float32)
    kiln.call_kernel(pairwise, kiln.Range(n, n), points, dist)
    diff = points[:, None, :] - points[None, :, :]
    expected = np.sqrt((diff * diff).sum(-1))
    ok = np.allclose(dist, expected, rtol=1e-5, atol=1e-6)
    print("pairwise distance:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
