# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k lead --nd-range 6,8:3,4 --arg out=zeros:6x8 --arg n=zeros:4 --out out=%t/out.npy --out n=%t/out_n.npy
# RUN: %python %S/../Inputs/conformance.py check group_leader %t | FileCheck %s
# Group.leader() (spec §3) is true exactly for local linear id 0: one
# leader per work-group of a 2-D NdRange.
# CHECK: group_leader: ok


@kernel
def lead(it: NdItem, out: Array[bool, 2], n: Array[int32]):
    g = it.get_group()
    out[it.get_global_id(0), it.get_global_id(1)] = g.leader()
    if g.leader():
        AtomicRef(n, g.get_group_linear_id()).fetch_add(1)
