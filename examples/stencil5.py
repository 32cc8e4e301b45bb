"""One Jacobi step of a 2-D 5-point stencil; boundary values are kept.

    kiln-run examples/stencil5.py -k jacobi --range 128,96 \
        --arg u=@u.npy --arg v=zeros:128x96 --out v=v.npy
"""
from kiln import kernel, Item, Array, float64


@kernel
def jacobi(item: Item, u: Array[float64, 2], v: Array[float64, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    if 0 < i < u.shape[0] - 1 and 0 < j < u.shape[1] - 1:
        v[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
    else:
        v[i, j] = u[i, j]
