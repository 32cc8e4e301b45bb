"""Vector add, c = a + b: one element per work-item over a 1-D Range(n).

    kiln-run bench/kernels/kiln/vector_add.py -k vector_add --range N \
        --arg a=@a.npy --arg b=@b.npy --arg c=zeros:N --out c=c.npy
"""
from kiln import kernel, Item, Array, float32


@kernel
def vector_add(item: Item, a: Array[float32], b: Array[float32], c: Array[float32]):
    i = item.get_id(0)
    c[i] = a[i] + b[i]
