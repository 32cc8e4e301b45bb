# REQUIRES: opencl
# RUN: not kiln-run %s -k tile -g --nd-range 4:4 --arg out=zeros:4 2>&1 | FileCheck %s
# Debug mode (spec §7): an out-of-bounds store to a 2-D local_array is
# reported with the index, the constant shape and the variable's name
# (the report names "the array", spec §7).
# CHECK: kiln-run: error: kernel 'tile': out-of-bounds access at line 13, column 5: index ({{[0-3]}}, 4) outside shape (4, 4) of array 't'


@kernel
def tile(it: NdItem, out: Array[int32]):
    t = local_array((4, 4), int32)
    l = it.get_local_id(0)
    t[l, 4] = 1
    group_barrier(it.get_group())
    out[it.get_global_id(0)] = t[l, 0]
