# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_barrier %t
# RUN: kiln-run %s -k tree --nd-range 512:128 --arg x=@%t/x.npy --arg out=zeros:4 --arg nb=zeros:512 --out out=%t/out.npy --out nb=%t/out_nb.npy
# RUN: %python %S/../Inputs/conformance.py check group_barrier %t | FileCheck %s
# group_barrier (spec §5) with the default WORK_GROUP fence scope: a tree
# reduction in local memory with a barrier per step inside a loop, and a
# neighbour exchange through local memory.
# CHECK: group_barrier: ok


@kernel
def tree(it: NdItem, x: Array[int32], out: Array[int32], nb: Array[int32]):
    g = it.get_group()
    l = it.get_local_id(0)
    i = it.get_global_id(0)
    s = local_array(128, int32)
    s[l] = x[i]
    group_barrier(g)
    step = 64
    while step > 0:
        if l < step:
            s[l] += s[l + step]
        group_barrier(g)
        step //= 2
    if l == 0:
        out[g.get_group_id(0)] = s[0]
    t = local_array(128, int32)
    t[l] = x[i]
    group_barrier(g, fence_scope=MemoryScope.WORK_GROUP)
    nb[i] = t[(l + 1) % 128]
