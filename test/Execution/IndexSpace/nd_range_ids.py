# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k nd_ids --nd-range 24:8 --arg out=zeros:24x21 --out out=%t/1.npy
# RUN: %python %S/../Inputs/index_space.py nd 24:8 %t/1.npy | FileCheck %s
# RUN: kiln-run %s -k nd_ids --nd-range 8,12:4,3 --arg out=zeros:96x21 --out out=%t/2.npy
# RUN: %python %S/../Inputs/index_space.py nd 8,12:4,3 %t/2.npy | FileCheck %s
# RUN: kiln-run %s -k nd_ids --nd-range 4,6,8:2,3,4 --arg out=zeros:192x21 --out out=%t/3.npy
# RUN: %python %S/../Inputs/index_space.py nd 4,6,8:2,3,4 %t/3.npy | FileCheck %s
# The same kernel compiled for any rank picks each dimension's hardware axis
# at run time (spec §3: dimension N-1 on the fastest axis).
# RUN: kiln-run %s -k nd_ids --any-rank --nd-range 24:8 --arg out=zeros:24x21 --out out=%t/a1.npy
# RUN: %python %S/../Inputs/index_space.py nd 24:8 %t/a1.npy | FileCheck %s
# RUN: kiln-run %s -k nd_ids --any-rank --nd-range 8,12:4,3 --arg out=zeros:96x21 --out out=%t/a2.npy
# RUN: %python %S/../Inputs/index_space.py nd 8,12:4,3 %t/a2.npy | FileCheck %s
# RUN: kiln-run %s -k nd_ids --any-rank --nd-range 4,6,8:2,3,4 --arg out=zeros:192x21 --out out=%t/a3.npy
# RUN: %python %S/../Inputs/index_space.py nd 4,6,8:2,3,4 %t/a3.npy | FileCheck %s
# NdItem and Group queries over 1-, 2- and 3-D NdRanges on the CPU device:
# global and local ids, ranges, group ids and ranges, and the three linear
# ids, each against the row-major model of the spec.
# CHECK: index space: ok


@kernel
def nd_ids(it: NdItem, out: Array[int64, 2]):
    n = it.get_global_linear_id()
    g = it.get_group()
    out[n, 0] = it.get_global_id(0)
    out[n, 1] = it.get_global_id(1)
    out[n, 2] = it.get_global_id(2)
    out[n, 3] = it.get_local_id(0)
    out[n, 4] = it.get_local_id(1)
    out[n, 5] = it.get_local_id(2)
    out[n, 6] = g.get_group_id(0)
    out[n, 7] = g.get_group_id(1)
    out[n, 8] = g.get_group_id(2)
    out[n, 9] = it.get_global_range(0)
    out[n, 10] = it.get_global_range(1)
    out[n, 11] = it.get_global_range(2)
    out[n, 12] = it.get_local_range(0)
    out[n, 13] = it.get_local_range(1)
    out[n, 14] = it.get_local_range(2)
    out[n, 15] = g.get_group_range(0)
    out[n, 16] = g.get_group_range(1)
    out[n, 17] = g.get_group_range(2)
    out[n, 18] = n
    out[n, 19] = it.get_local_linear_id()
    out[n, 20] = g.get_group_linear_id()
