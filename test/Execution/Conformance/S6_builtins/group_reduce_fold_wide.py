# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../../Inputs/group_fold.py make %t
# RUN: kiln-run %s -k fold --nd-range 4096:2048 --arg l=@%t/l.npy --arg d=@%t/d.npy --arg b=@%t/b.npy --arg s=@%t/s.npy --arg ol=zeros:4096x2 --arg od=zeros:4096x2 --arg ob=zeros:4096 --arg os=zeros:4096 --out ol=%t/out_ol.npy --out od=%t/out_od.npy --out ob=%t/out_ob.npy --out os=%t/out_os.npy
# RUN: %python %S/../../Inputs/group_fold.py check %t | FileCheck %s
# group_reduce (spec §6) in work-groups of 2048, more than the expansion's
# 1024 scratch slots: the upper half folds in through a compare-exchange
# loop on the value's bits, here 64-bit (int64 add wraps, int64 max,
# float64 min and add) and narrow (uint8 max must zero-extend, int16 min
# sign-extend, both reduced in 32 bits).
# CHECK: group_fold: ok


@kernel
def fold(it: NdItem, l: Array[int64], d: Array[float64], b: Array[uint8], s: Array[int16],
         ol: Array[int64, 2], od: Array[float64, 2], ob: Array[uint8], os: Array[int16]):
    g = it.get_group()
    k = it.get_global_id(0)
    ol[k, 0] = group_reduce(g, l[k], "add")
    ol[k, 1] = group_reduce(g, l[k], "max")
    od[k, 0] = group_reduce(g, d[k], "min")
    od[k, 1] = group_reduce(g, d[k], "add")
    ob[k] = group_reduce(g, b[k], "max")
    os[k] = group_reduce(g, s[k], "min")
