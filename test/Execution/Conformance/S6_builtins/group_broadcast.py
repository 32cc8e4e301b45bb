# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_broadcast %t
# RUN: kiln-run %s -k bc --nd-range 512:128 --arg i=@%t/i.npy --arg f=@%t/f.npy --arg l=@%t/l.npy --arg kk=@%t/k.npy --arg oi=zeros:512x4 --arg of=zeros:512 --arg ol=zeros:512 --out oi=%t/out_i.npy --out of=%t/out_f.npy --out ol=%t/out_l.npy
# RUN: %python %S/../Inputs/conformance.py check group_broadcast %t | FileCheck %s
# group_broadcast(group, x, local_linear_id) (spec §6): from the first, a
# middle and the last work-item and from a run-time (group-uniform) id;
# int32, float32, int64.
# CHECK: group_broadcast: ok


@kernel
def bc(it: NdItem, i: Array[int32], f: Array[float32], l: Array[int64], kk: Array[int32],
       oi: Array[int32, 2], of: Array[float32], ol: Array[int64]):
    g = it.get_group()
    k = it.get_global_id(0)
    oi[k, 0] = group_broadcast(g, i[k], 0)
    oi[k, 1] = group_broadcast(g, i[k], 5)
    oi[k, 2] = group_broadcast(g, i[k], g.get_local_linear_range() - 1)
    oi[k, 3] = group_broadcast(g, i[k], kk[k])
    of[k] = group_broadcast(g, f[k], kk[k])
    ol[k] = group_broadcast(g, l[k], 77)
