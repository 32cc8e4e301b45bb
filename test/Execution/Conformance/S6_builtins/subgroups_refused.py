# REQUIRES: opencl
# RUN: not kiln-run %s -k shuffles --nd-range 64:32 --arg x=zeros:64 --arg out=zeros:64x4 2>&1 | FileCheck %s -DK=shuffles
# RUN: not kiln-run %s -k reduce --nd-range 64:32 --arg x=zeros:64 --arg out=zeros:64x4 2>&1 | FileCheck %s -DK=reduce
# Sub-group operations (spec §3, §5, §6) cannot run on PoCL, which has no
# sub-groups: kernels using shuffles, sub_group_reduce, sub_group_barrier
# or SubGroup queries are refused clearly when loaded, never run.
# CHECK: kiln-run: error: kernel '[[K]]' needs sub_groups, which device '{{.*}}' does not support


@kernel
def shuffles(it: NdItem, x: Array[float32], out: Array[float32, 2]):
    sg = it.get_sub_group()
    i = it.get_global_id(0)
    v = x[i]
    out[i, 0] = sg.shuffle(v, 0)
    out[i, 1] = sg.shuffle_down(v, 1)
    out[i, 2] = sg.shuffle_up(v, 1)
    out[i, 3] = sg.shuffle_xor(v, 1)


@kernel
def reduce(it: NdItem, x: Array[float32], out: Array[float32, 2]):
    sg = it.get_sub_group()
    i = it.get_global_id(0)
    out[i, 0] = sub_group_reduce(sg, x[i], "add")
    sub_group_barrier(sg)
    out[i, 1] = sg.get_local_id() + sg.get_local_range() * 0
    out[i, 2] = sg.get_group_id() + sg.get_group_range() * 0
    out[i, 3] = sg.leader()
