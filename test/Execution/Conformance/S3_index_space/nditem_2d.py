# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k ids --nd-range 8,12:4,3 --arg out=zeros:96x23 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check nditem_2d %t | FileCheck %s
# NdItem and Group queries over a 2d NdRange(8,12:4,3) (spec §3): global and
# local ids and ranges, group ids and ranges, global/local/group linear ids
# and linear ranges; the Group is held in a variable.
# CHECK: nditem_2d: ok


@kernel
def ids(it: NdItem, out: Array[int64, 2]):
    n = it.get_global_linear_id()
    g = it.get_group()
    out[n, 0] = it.get_global_id(0)
    out[n, 1] = it.get_global_id(1)
    out[n, 2] = it.get_global_id(2)
    out[n, 3] = it.get_local_id(0)
    out[n, 4] = it.get_local_id(1)
    out[n, 5] = it.get_local_id(2)
    out[n, 6] = it.get_global_range(0)
    out[n, 7] = it.get_global_range(1)
    out[n, 8] = it.get_global_range(2)
    out[n, 9] = it.get_local_range(0)
    out[n, 10] = it.get_local_range(1)
    out[n, 11] = it.get_local_range(2)
    out[n, 12] = g.get_group_id(0)
    out[n, 13] = g.get_group_id(1)
    out[n, 14] = g.get_group_id(2)
    out[n, 15] = g.get_group_range(0)
    out[n, 16] = g.get_group_range(1)
    out[n, 17] = it.get_group().get_group_range(2)
    out[n, 18] = n
    out[n, 19] = it.get_local_linear_id()
    out[n, 20] = g.get_group_linear_id()
    out[n, 21] = g.get_group_linear_range()
    out[n, 22] = g.get_local_linear_range() + g.get_local_range(0) - it.get_local_range(0)
