# REQUIRES: cuda
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Conformance/Inputs/conformance.py make subgroups_cuda %t
# RUN: kiln-run %s -k sg_ops --device cuda --nd-range 256:64 --local lx=64 --arg x=@%t/x.npy --arg f=@%t/f.npy --arg out=zeros:256x19 --arg outf=zeros:256x2 --out out=%t/out.npy --out outf=%t/out_f.npy
# RUN: %python %S/../Conformance/Inputs/conformance.py check subgroups_cuda %t | FileCheck %s
# Every sub-group construct of the spec (§3 SubGroup queries, §5
# sub_group_barrier, §6 shuffles and sub_group_reduce with each op) run on
# CUDA, where a sub-group is a warp of 32; PoCL has no sub-groups and
# refuses these kernels (Conformance/S6_builtins/subgroups_refused.py).
# Lanes that shuffle_down/shuffle_up read beyond the sub-group are not
# checked (the spec leaves them unspecified).
# CHECK: subgroups_cuda: ok


@kernel
def sg_ops(it: NdItem, x: Array[int32], f: Array[float32], out: Array[int32, 2], outf: Array[float32, 2],
           lx: LocalAccessor[int32]):
    i = it.get_global_id(0)
    l = it.get_local_id(0)
    sg = it.get_sub_group()
    v = x[i]
    lane = sg.get_local_id()
    out[i, 0] = sg.shuffle(v, (lane * 7 + 3) % 32)
    out[i, 1] = sg.shuffle_down(v, 3)
    out[i, 2] = sg.shuffle_up(v, 2)
    out[i, 3] = sg.shuffle_xor(v, 5)
    out[i, 4] = sub_group_reduce(sg, v, "add")
    out[i, 5] = sub_group_reduce(sg, v, "min")
    out[i, 6] = sub_group_reduce(sg, v, "max")
    out[i, 7] = sub_group_reduce(sg, v, "and")
    out[i, 8] = sub_group_reduce(sg, v, "or")
    out[i, 9] = sub_group_reduce(sg, v, "xor")
    out[i, 10] = int32(lane)
    out[i, 11] = int32(sg.get_local_range())
    out[i, 12] = int32(sg.get_group_id())
    out[i, 13] = int32(sg.get_group_range())
    out[i, 14] = sg.leader()
    # sub_group_barrier orders the local writes of the sub-group: each lane
    # then reads its neighbour's (same sub-group: lanes 2k and 2k+1).
    lx[l] = v * 2
    sub_group_barrier(sg)
    out[i, 15] = lx[l ^ 1]
    out[i, 16] = int32(sub_group_reduce(sg, uint32(v), "max"))
    out[i, 17] = int32(sub_group_reduce(sg, uint32(v), "min"))
    out[i, 18] = sg.shuffle(int32(sub_group_reduce(sg, int64(v) * 1000000, "add") // 1000000), 31)
    w = f[i]
    outf[i, 0] = sub_group_reduce(sg, w, "max")
    outf[i, 1] = sg.shuffle_xor(w, 16) + sub_group_reduce(sg, w, "min")
