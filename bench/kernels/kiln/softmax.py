"""Softmax over the rows of a float32 matrix, one work-group per row: each
work-item strides over the row's columns; the row's maximum and the sum of
exponentials come from group_reduce. For an n x m `x`, launch over
NdRange(n, L : 1, L) (e.g. L = 256).

    kiln-run bench/kernels/kiln/softmax.py -k softmax --nd-range 512,256:1,256 \
        --arg x=@x.npy --arg y=zeros:512x1000 --out y=y.npy
"""
import math
from kiln import kernel, NdItem, Array, float32, group_reduce


@kernel
def softmax(it: NdItem, x: Array[float32, 2], y: Array[float32, 2]):
    g = it.get_group()
    row = it.get_global_id(0)
    lid = it.get_local_id(1)
    nloc = it.get_local_range(1)
    m = x.shape[1]
    peak: float32 = -math.inf
    for j in range(lid, m, nloc):
        peak = max(peak, x[row, j])
    peak = group_reduce(g, peak, "max")
    total: float32 = 0.0
    for j in range(lid, m, nloc):
        total += math.exp(x[row, j] - peak)
    total = group_reduce(g, total, "add")
    scale = 1.0 / total
    for j in range(lid, m, nloc):
        y[row, j] = math.exp(x[row, j] - peak) * scale
