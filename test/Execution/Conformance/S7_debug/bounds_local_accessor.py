# REQUIRES: opencl
# RUN: not kiln-run %s -k rot -g --nd-range 8:4 --local t=4 --arg out=zeros:8 2>&1 | FileCheck %s
# Debug mode (spec §7) checks local memory too: a store one past a
# LocalAccessor sized with --local t=4 is reported with the accessor's
# name and its launch size.
# CHECK: kiln-run: error: kernel 'rot': out-of-bounds access at line 12, column 5: index (4) outside shape (4) of array 't'


@kernel
def rot(it: NdItem, t: LocalAccessor[int32], out: Array[int32]):
    l = it.get_local_id(0)
    t[l + 1] = 5
    group_barrier(it.get_group())
    out[it.get_global_id(0)] = t[l]
