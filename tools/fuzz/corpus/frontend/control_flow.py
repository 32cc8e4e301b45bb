"""Kernels exercising if/elif/else, for over a range (negative step too) and
while loops, with Python's integer semantics (// and % floor toward -inf).
"""
from kiln import kernel, Item, Array, float32, float64, int32, int64


@kernel
def collatz(item: Item, start: Array[int64], steps: Array[int32]):
    i = item.get_id(0)
    n = start[i]
    count: int32 = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        count += 1
    steps[i] = count


@kernel
def horner(item: Item, coeffs: Array[float64], x: Array[float64], y: Array[float64]):
    i = item.get_id(0)
    acc: float64 = 0.0
    for k in range(coeffs.shape[0] - 1, -1, -1):
        acc = acc * x[i] + coeffs[k]
    y[i] = acc


@kernel
def classify(item: Item, x: Array[float32], out: Array[int32]):
    i = item.get_id(0)
    v = x[i]
    if v < -1.0:
        out[i] = -1
    elif v > 1.0:
        out[i] = 1
    else:
        out[i] = 0


@kernel
def floor_ops(item: Item, a: Array[int32], b: Array[int32], q: Array[int32], r: Array[int32]):
    i = item.get_id(0)
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]
