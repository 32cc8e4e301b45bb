# REQUIRES: cuda
# DEFINE: %{run} = kiln-run %s -k scans --device cuda --arg h=@%t/h.npy --arg s=@%t/s.npy --arg w=@%t/w.npy --arg oh=zeros:3072x2 --arg os=zeros:3072x2 --arg ow=zeros:3072x2 --out oh=%t/out_h.npy --out os=%t/out_s.npy --out ow=%t/out_w.npy
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/group_scan_shapes.py make-types %t 3072
# RUN: %{run} --nd-range 3072:96
# RUN: %python %S/../Inputs/group_scan_shapes.py check-types %t 3072 96 | FileCheck %s
# RUN: %{run} --nd-range 3072:1024
# RUN: %python %S/../Inputs/group_scan_shapes.py check-types %t 3072 1024 | FileCheck %s
# RUN: %{run} --nd-range 48,64:3,16
# RUN: %python %S/../Inputs/group_scan_shapes.py check-types %t 48,64 3,16 | FileCheck %s
# group_scan through warp shuffles on the types group_scan_shapes.test
# leaves out: float16 (shuffled as 16 bits in a 32-bit word, combined in
# float16; PoCL has no fp16, so CUDA only), int16 and uint64 (two 32-bit
# shuffles per step). float16 inputs are small integers: every partial sum
# of up to 1024 of them is exact.
from kiln import (kernel, NdItem, Array, float16, int16, uint64,
                  group_inclusive_scan, group_exclusive_scan)


@kernel
def scans(it: NdItem, h: Array[float16], s: Array[int16], w: Array[uint64],
          oh: Array[float16, 2], os: Array[int16, 2], ow: Array[uint64, 2]):
    g = it.get_group()
    k = it.get_global_linear_id()
    oh[k, 0] = group_inclusive_scan(g, h[k], "add")
    oh[k, 1] = group_exclusive_scan(g, h[k], "min")
    os[k, 0] = group_inclusive_scan(g, s[k], "add")
    os[k, 1] = group_exclusive_scan(g, s[k], "max")
    ow[k, 0] = group_inclusive_scan(g, w[k], "min")
    ow[k, 1] = group_exclusive_scan(g, w[k], "xor")

# CHECK: group scan types: ok
