# REQUIRES: cuda
# DEFINE: %{args} = --arg i=@%t/i.npy --arg l=@%t/l.npy --arg b=@%t/b.npy --arg f=@%t/f.npy --arg d=@%t/d.npy --arg oi=zeros:3300x4 --arg ol=zeros:3300 --arg ob=zeros:3300 --arg of=zeros:3300 --arg od=zeros:3300 --out oi=%t/out_i.npy --out ol=%t/out_l.npy --out ob=%t/out_b.npy --out of=%t/out_f.npy --out od=%t/out_d.npy
# DEFINE: %{args4} = --arg i=@%t/i.npy --arg l=@%t/l.npy --arg b=@%t/b.npy --arg f=@%t/f.npy --arg d=@%t/d.npy --arg oi=zeros:4096x4 --arg ol=zeros:4096 --arg ob=zeros:4096 --arg of=zeros:4096 --arg od=zeros:4096 --out oi=%t/out_i.npy --out ol=%t/out_l.npy --out ob=%t/out_b.npy --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/group_reduce_shapes.py make %t 3300
# RUN: kiln-run %s -k coll --device cuda --nd-range 3300:100 %{args}
# RUN: %python %S/../Inputs/group_reduce_shapes.py check %t 100 | FileCheck %s
# RUN: kiln-run %s -k coll --device cuda --nd-range 3300:33 %{args}
# RUN: %python %S/../Inputs/group_reduce_shapes.py check %t 33 | FileCheck %s
# RUN: kiln-run %s -k coll --device cuda --nd-range 3300:660 %{args}
# RUN: %python %S/../Inputs/group_reduce_shapes.py check %t 660 | FileCheck %s
# RUN: %python %S/../Inputs/group_reduce_shapes.py make %t 4096
# RUN: kiln-run %s -k coll --device cuda --nd-range 4096:1024 %{args4}
# RUN: %python %S/../Inputs/group_reduce_shapes.py check %t 1024 | FileCheck %s
# group_reduce on CUDA goes through warp shuffles (two barriers; the
# kiln-expand-group-collectives sub-group form). Work-groups whose size is
# no multiple of 32 end in a short warp (100 = 3 x 32 + 4, 33 = 32 + 1,
# 660 = 20 x 32 + 20), whose missing lanes must not enter the result;
# 1024 has the most warps (32), one partial per lane of the last round.
# Every op class: wrapping int32/int64 add, signed min/max, xor, a narrow
# unsigned max (widened to 32 bits), float32 add, float64 min.
from kiln import kernel, NdItem, Array, int32, int64, uint8, float32, float64, group_reduce


@kernel
def coll(it: NdItem, i: Array[int32], l: Array[int64], b: Array[uint8],
         f: Array[float32], d: Array[float64], oi: Array[int32, 2],
         ol: Array[int64], ob: Array[uint8], of: Array[float32],
         od: Array[float64]):
    g = it.get_group()
    k = it.get_global_id(0)
    oi[k, 0] = group_reduce(g, i[k], "add")
    oi[k, 1] = group_reduce(g, i[k], "min")
    oi[k, 2] = group_reduce(g, i[k], "max")
    oi[k, 3] = group_reduce(g, i[k], "xor")
    ol[k] = group_reduce(g, l[k], "add")
    ob[k] = group_reduce(g, b[k], "max")
    of[k] = group_reduce(g, f[k], "add")
    od[k] = group_reduce(g, d[k], "min")

# CHECK: group_reduce shapes: ok
