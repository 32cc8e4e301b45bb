# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_collectives_2048 %t
# RUN: kiln-run %s -k big --nd-range 4096:2048 --arg x=@%t/x.npy --arg f=@%t/f.npy --arg out=zeros:4096x7 --arg of=zeros:4096x2 --out out=%t/out.npy --out of=%t/out_f.npy
# RUN: %python %S/../Inputs/conformance.py check group_collectives_2048 %t | FileCheck %s
# Group collectives in work-groups of 2048 work-items, more than the 1024
# slots of the runtime's scratch: reduce (add, min), inclusive and
# exclusive scans, broadcast from ids 2047 and 1500; int32 and float32.
# CHECK: group_collectives_2048: ok


@kernel
def big(it: NdItem, x: Array[int32], f: Array[float32], out: Array[int32, 2], of: Array[float32, 2]):
    g = it.get_group()
    k = it.get_global_id(0)
    v = x[k]
    out[k, 0] = group_reduce(g, v, "add")
    out[k, 1] = group_reduce(g, v, "min")
    out[k, 2] = group_inclusive_scan(g, v, "add")
    out[k, 3] = group_exclusive_scan(g, v, "max")
    out[k, 4] = group_exclusive_scan(g, v, "xor")
    out[k, 5] = group_broadcast(g, v, 2047)
    out[k, 6] = group_broadcast(g, v, 1500)
    of[k, 0] = group_reduce(g, f[k], "add")
    of[k, 1] = group_inclusive_scan(g, f[k], "add")
