"""STREAM triad, a = b + s * c: one element per work-item over a 1-D Range(n).

    kiln-run bench/kernels/kiln/triad.py -k triad --range N \
        --arg a=zeros:N --arg b=@b.npy --arg c=@c.npy --arg s=3.0 --out a=a.npy
"""
from kiln import kernel, Item, Array, float32


@kernel
def triad(item: Item, a: Array[float32], b: Array[float32], c: Array[float32], s: float32):
    i = item.get_id(0)
    a[i] = b[i] + s * c[i]
