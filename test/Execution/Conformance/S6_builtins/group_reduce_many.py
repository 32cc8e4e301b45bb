# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_reduce_many %t
# RUN: timeout 30 kiln-run %s -k coll --nd-range 512:128 --arg i=@%t/i.npy --arg u=@%t/u.npy --arg f=@%t/f.npy --arg d=@%t/d.npy --arg l=@%t/l.npy --arg oi=zeros:512x6 --arg ou=zeros:512x3 --arg of=zeros:512x3 --arg od=zeros:512x3 --arg ol=zeros:512x2 --out oi=%t/out_i.npy --out ou=%t/out_u.npy --out of=%t/out_f.npy --out od=%t/out_d.npy --out ol=%t/out_l.npy
# RUN: %python %S/../Inputs/conformance.py check group_reduce_many %t | FileCheck %s
# 17 group_reduce calls in one kernel (spec §6): every op on int32,
# add/min/max on uint32, int64 add/xor, float32 and float64. PoCL's kernel
# compile time used to grow exponentially with the number of group_reduce
# calls (a barrier in a run-time loop per call; 8 calls: 26 s); the
# expansion now has barriers only at the top level (17 calls: ~1 s). The
# launch must finish within 30 s.
# CHECK: group_reduce_many: ok


@kernel
def coll(it: NdItem, i: Array[int32], u: Array[uint32], f: Array[float32], d: Array[float64],
         oi: Array[int32, 2], ou: Array[uint32, 2], of: Array[float32, 2], od: Array[float64, 2],
         l: Array[int64], ol: Array[int64, 2]):
    g = it.get_group()
    k = it.get_global_id(0)
    oi[k, 0] = group_reduce(g, i[k], "add")
    oi[k, 1] = group_reduce(g, i[k], "min")
    oi[k, 2] = group_reduce(g, i[k], "max")
    oi[k, 3] = group_reduce(g, i[k], "and")
    oi[k, 4] = group_reduce(g, i[k], "or")
    oi[k, 5] = group_reduce(g, i[k], op="xor")
    ou[k, 0] = group_reduce(g, u[k], "add")
    ou[k, 1] = group_reduce(g, u[k], "min")
    ou[k, 2] = group_reduce(g, u[k], "max")
    of[k, 0] = group_reduce(g, f[k], "add")
    of[k, 1] = group_reduce(g, f[k], "min")
    of[k, 2] = group_reduce(g, f[k], "max")
    od[k, 0] = group_reduce(g, d[k], "add")
    od[k, 1] = group_reduce(g, d[k], "min")
    od[k, 2] = group_reduce(g, d[k], "max")
    ol[k, 0] = group_reduce(g, l[k], "add")
    ol[k, 1] = group_reduce(g, l[k], "xor")
