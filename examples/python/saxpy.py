"""saxpy with the kiln package: y = a * x + y over NumPy arrays.

    PYTHONPATH=build/python python3 examples/python/saxpy.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/saxpy.py  # the simulator
"""
import sys

import numpy as np

import kiln
from kiln import Array, Item, float32


@kiln.kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(1000).astype(np.float32)
    y = rng.standard_normal(1000).astype(np.float32)
    expected = np.float32(2.5) * x + y
    kiln.call_kernel(saxpy, kiln.Range(x.size), 2.5, x, y)
    ok = np.allclose(y, expected, rtol=1e-6)
    print("saxpy:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
