"""saxpy: y = a * x + y, the first kernel every GPU language runs.

    kiln-run examples/saxpy.py -k saxpy --range 1000 \
        --arg a=2.0 --arg x=@x.npy --arg y=@y.npy --out y=y_out.npy
"""
from kiln import kernel, Item, Array, float32


@kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]
