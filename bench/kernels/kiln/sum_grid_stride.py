"""Sum of an array with a grid-stride loop: a fixed number of work-groups
whatever n is, each work-item adding every global-range-th element, then
group_reduce and one atomic add per group into out[0] (zero it first).
Launch over NdRange(G * L : L) for any G (e.g. a few per compute unit).

    kiln-run bench/kernels/kiln/sum_grid_stride.py -k sum_grid_stride \
        --nd-range 8192:256 --arg x=@x.npy --arg out=zeros:1 --out out=s.npy
"""
from kiln import kernel, NdItem, Array, float32, group_reduce, AtomicRef


@kernel
def sum_grid_stride(it: NdItem, x: Array[float32], out: Array[float32]):
    acc: float32 = 0.0
    for k in range(it.get_global_id(0), x.shape[0], it.get_global_range(0)):
        acc += x[k]
    s = group_reduce(it.get_group(), acc, "add")
    if it.get_group().leader():
        AtomicRef(out, 0).fetch_add(s)
