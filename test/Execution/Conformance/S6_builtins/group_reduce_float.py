# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_reduce_float %t
# RUN: kiln-run %s -k coll --nd-range 512:128 --arg f=@%t/f.npy --arg d=@%t/d.npy --arg of=zeros:512x3 --arg od=zeros:512x3 --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check group_reduce_float %t | FileCheck %s
# group_reduce (spec §6) on float32 (small integers, so the sum is exact
# in any order) and float64: add, min, max.
# CHECK: group_reduce_float: ok


@kernel
def coll(it: NdItem, f: Array[float32], d: Array[float64], of: Array[float32, 2], od: Array[float64, 2]):
    g = it.get_group()
    k = it.get_global_id(0)
    of[k, 0] = group_reduce(g, f[k], "add")
    of[k, 1] = group_reduce(g, f[k], "min")
    of[k, 2] = group_reduce(g, f[k], "max")
    od[k, 0] = group_reduce(g, d[k], "add")
    od[k, 1] = group_reduce(g, d[k], "min")
    od[k, 2] = group_reduce(g, d[k], "max")
