"""Sum of an array, one element per work-item: group_reduce in each
work-group, then one atomic add per group into out[0] (zero it first).
Launch over NdRange(ceil(n / L) * L : L); work-items past the end add 0.

    kiln-run bench/kernels/kiln/sum_per_item.py -k sum_per_item \
        --nd-range 65536:256 --arg x=@x.npy --arg out=zeros:1 --out out=s.npy
"""
from kiln import kernel, NdItem, Array, float32, group_reduce, AtomicRef


@kernel
def sum_per_item(it: NdItem, x: Array[float32], out: Array[float32]):
    i = it.get_global_id(0)
    v: float32 = x[i] if i < x.shape[0] else 0.0
    s = group_reduce(it.get_group(), v, "add")
    if it.get_group().leader():
        AtomicRef(out, 0).fetch_add(s)
