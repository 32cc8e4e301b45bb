# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make local_accessor %t
# RUN: kiln-run %s -k rev --nd-range 512:64 --local tmp=64 --arg x=@%t/x.npy --arg out=zeros:512 --arg n=zeros:512 --out out=%t/out.npy --out n=%t/out_n.npy
# RUN: %python %S/../Inputs/conformance.py check local_accessor %t | FileCheck %s
# LocalAccessor[T] sized at launch with --local (spec §5): each work-group
# reverses its slice through local memory; tmp.shape[0] is the launch size.
# CHECK: local_accessor: ok


@kernel
def rev(it: NdItem, x: Array[int32], out: Array[int32], n: Array[int64],
        tmp: LocalAccessor[int32]):
    i = it.get_global_id(0)
    l = it.get_local_id(0)
    L = it.get_local_range(0)
    tmp[l] = x[i]
    group_barrier(it.get_group())
    out[i] = tmp[L - 1 - l]
    n[i] = tmp.shape[0]
