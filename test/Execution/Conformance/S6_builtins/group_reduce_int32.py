# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_reduce_int32 %t
# RUN: kiln-run %s -k coll --nd-range 512:128 --arg i=@%t/i.npy --arg oi=zeros:512x6 --out oi=%t/out_i.npy
# RUN: %python %S/../Inputs/conformance.py check group_reduce_int32 %t | FileCheck %s
# group_reduce(group, x, op) (spec §6) on int32 for every op:
# add (wrapping), min, max, and, or, xor; 4 work-groups of 128, every
# work-item gets its group's result.
# CHECK: group_reduce_int32: ok


@kernel
def coll(it: NdItem, i: Array[int32], oi: Array[int32, 2]):
    g = it.get_group()
    k = it.get_global_id(0)
    oi[k, 0] = group_reduce(g, i[k], "add")
    oi[k, 1] = group_reduce(g, i[k], "min")
    oi[k, 2] = group_reduce(g, i[k], "max")
    oi[k, 3] = group_reduce(g, i[k], "and")
    oi[k, 4] = group_reduce(g, i[k], "or")
    oi[k, 5] = group_reduce(g, i[k], op="xor")
