"""A 2-D five-point Laplacian; borders are copied. Uses `a.shape` for bounds.

    kiln-run examples/laplacian2d.py -k laplacian --range 64,48 \
        --arg u=@u.npy --arg out=zeros:64x48 --out out=lap.npy
"""
from kiln import kernel, Item, Array, float32


@kernel
def laplacian(item: Item, u: Array[float32, 2], out: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    n = u.shape[0]
    m = u.shape[1]
    if i > 0 and i < n - 1 and 0 < j < m - 1:
        out[i, j] = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]
    else:
        out[i, j] = u[i, j]
