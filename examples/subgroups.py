"""Sub-group operations: shuffles and a sub-group reduction. PoCL has no
sub-groups, so there the runtime refuses the kernel with a clear message;
on CUDA a sub-group is a warp of 32.

    kiln-run examples/subgroups.py -k warp_ops --device cuda --nd-range 256:64 \
        --arg x=@x.npy --arg out=zeros:256x4 --out out=out.npy
"""
from kiln import kernel, NdItem, Array, int32, sub_group_reduce


@kernel
def warp_ops(it: NdItem, x: Array[int32], out: Array[int32, 2]):
    i = it.get_global_id(0)
    sg = it.get_sub_group()
    v = x[i]
    out[i, 0] = sg.shuffle_xor(v, 1)
    out[i, 1] = sg.shuffle_down(v, 1)
    out[i, 2] = sub_group_reduce(sg, v, "add")
    out[i, 3] = int32(sg.get_local_id())
