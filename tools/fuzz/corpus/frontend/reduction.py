"""Sum of an array: group_reduce per work-group, one global AtomicRef add
by each group's leader.

    kiln-run examples/reduction.py -k total --nd-range 65536:256 \
        --arg x=@x.npy --arg out=zeros:1 --out out=sum.npy
"""
from kiln import kernel, NdItem, Array, float32, group_reduce, AtomicRef


@kernel
def total(it: NdItem, x: Array[float32], out: Array[float32]):
    i = it.get_global_id(0)
    v: float32 = x[i] if i < x.shape[0] else 0.0
    s = group_reduce(it.get_group(), v, "add")
    if it.get_group().leader():
        AtomicRef(out, 0).fetch_add(s)
