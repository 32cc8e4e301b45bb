"""5-point stencil (one Jacobi-style smoothing step) on an n x m float32
array: each interior point becomes the mean of itself and its four
neighbours; the border of `out` is not written. Launch over the interior,
Range(n - 2, m - 2): get_id(0) walks rows, get_id(1) columns.

    kiln-run bench/kernels/kiln/stencil.py -k stencil --range 1022,1022 \
        --arg u=@u.npy --arg out=zeros:1024x1024 --out out=v.npy
"""
from kiln import kernel, Item, Array, float32


@kernel
def stencil(item: Item, u: Array[float32, 2], out: Array[float32, 2]):
    i = item.get_id(0) + 1
    j = item.get_id(1) + 1
    out[i, j] = 0.2 * (u[i, j] + u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
