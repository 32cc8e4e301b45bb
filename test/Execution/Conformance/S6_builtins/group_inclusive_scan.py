# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_inclusive_scan %t
# RUN: kiln-run %s -k coll --nd-range 512:128 --arg i=@%t/i.npy --arg u=@%t/u.npy --arg f=@%t/f.npy --arg d=@%t/d.npy --arg oi=zeros:512x6 --arg ou=zeros:512x3 --arg of=zeros:512x3 --arg od=zeros:512x3 --out oi=%t/out_i.npy --out ou=%t/out_u.npy --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check group_inclusive_scan %t | FileCheck %s
# group_inclusive_scan(group, x, op) (spec §6) for every op on int32,
# add/min/max on uint32 (unsigned), float32 (small integers: exact) and
# float64; 4 work-groups of 128, scanned in local linear id order.
# CHECK: group_inclusive_scan: ok


@kernel
def coll(it: NdItem, i: Array[int32], u: Array[uint32], f: Array[float32], d: Array[float64],
         oi: Array[int32, 2], ou: Array[uint32, 2], of: Array[float32, 2], od: Array[float64, 2]):
    g = it.get_group()
    k = it.get_global_id(0)
    oi[k, 0] = group_inclusive_scan(g, i[k], "add")
    oi[k, 1] = group_inclusive_scan(g, i[k], "min")
    oi[k, 2] = group_inclusive_scan(g, i[k], "max")
    oi[k, 3] = group_inclusive_scan(g, i[k], "and")
    oi[k, 4] = group_inclusive_scan(g, i[k], "or")
    oi[k, 5] = group_inclusive_scan(g, i[k], op="xor")
    ou[k, 0] = group_inclusive_scan(g, u[k], "add")
    ou[k, 1] = group_inclusive_scan(g, u[k], "min")
    ou[k, 2] = group_inclusive_scan(g, u[k], "max")
    of[k, 0] = group_inclusive_scan(g, f[k], "add")
    of[k, 1] = group_inclusive_scan(g, f[k], "min")
    of[k, 2] = group_inclusive_scan(g, f[k], "max")
    od[k, 0] = group_inclusive_scan(g, d[k], "add")
    od[k, 1] = group_inclusive_scan(g, d[k], "min")
    od[k, 2] = group_inclusive_scan(g, d[k], "max")
