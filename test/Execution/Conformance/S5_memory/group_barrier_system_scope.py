# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_barrier %t
# RUN: kiln-run %s -k exch --nd-range 512:128 --arg x=@%t/x.npy --arg out=zeros:4 --arg nb=zeros:512 --arg scratch=zeros:512 --out out=%t/out.npy --out nb=%t/out_nb.npy
# RUN: %python %S/../Inputs/conformance.py check group_barrier %t | FileCheck %s
# group_barrier(g, fence_scope=MemoryScope.SYSTEM) (spec §5) orders global
# memory: a neighbour exchange through a global scratch array (and the
# group sums, computed by the leader after the barrier).
# CHECK: group_barrier: ok


@kernel
def exch(it: NdItem, x: Array[int32], out: Array[int32], nb: Array[int32], scratch: Array[int32]):
    g = it.get_group()
    l = it.get_local_id(0)
    i = it.get_global_id(0)
    scratch[i] = x[i]
    group_barrier(g, fence_scope=MemoryScope.SYSTEM)
    base = i - l
    nb[i] = scratch[base + (l + 1) % 128]
    if l == 0:
        s = 0
        for k in range(128):
            s += scratch[base + k]
        out[g.get_group_id(0)] = int32(s)
