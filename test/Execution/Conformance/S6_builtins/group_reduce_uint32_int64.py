# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_reduce_uint32_int64 %t
# RUN: kiln-run %s -k coll --nd-range 512:128 --arg u=@%t/u.npy --arg l=@%t/l.npy --arg ou=zeros:512x3 --arg ol=zeros:512x2 --out ou=%t/out_u.npy --out ol=%t/out_l.npy
# RUN: %python %S/../Inputs/conformance.py check group_reduce_uint32_int64 %t | FileCheck %s
# group_reduce (spec §6) on uint32 (add wraps, min/max are unsigned:
# values above 2**31) and int64 (add, xor).
# CHECK: group_reduce_uint32_int64: ok


@kernel
def coll(it: NdItem, u: Array[uint32], l: Array[int64], ou: Array[uint32, 2], ol: Array[int64, 2]):
    g = it.get_group()
    k = it.get_global_id(0)
    ou[k, 0] = group_reduce(g, u[k], "add")
    ou[k, 1] = group_reduce(g, u[k], "min")
    ou[k, 2] = group_reduce(g, u[k], "max")
    ol[k, 0] = group_reduce(g, l[k], "add")
    ol[k, 1] = group_reduce(g, l[k], "xor")
