# REQUIRES: cuda
# DEFINE: %{args} = --arg x=@%t/x.npy --arg f=@%t/f.npy --arg oi=zeros:2400x2 --arg of=zeros:2400 --out oi=%t/out_i.npy --out of=%t/out_f.npy
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/sub_group_short.py make %t 2400
# RUN: kiln-run %s -k sg --device cuda --nd-range 2400:48 %{args}
# RUN: %python %S/../Inputs/sub_group_short.py check %t 48 | FileCheck %s
# RUN: kiln-run %s -k sg --device cuda --nd-range 2400:100 %{args}
# RUN: %python %S/../Inputs/sub_group_short.py check %t 100 | FileCheck %s
# RUN: kiln-run %s -k sg --device cuda --nd-range 2400:96 %{args}
# RUN: %python %S/../Inputs/sub_group_short.py check %t 96 | FileCheck %s
# sub_group_reduce on CUDA in the short last warp of work-groups of 48
# (32 + 16) and 100 (3 x 32 + 4), and in full warps (96): a shuffle from
# a lane that does not exist yields an undefined value, so the reduction
# combines only the lanes present (a guarded shuffle-down tree, lane 0
# handing the result to all).
from kiln import kernel, NdItem, Array, int32, float32, sub_group_reduce


@kernel
def sg(it: NdItem, x: Array[int32], f: Array[float32], oi: Array[int32, 2],
       of: Array[float32]):
    s = it.get_sub_group()
    k = it.get_global_id(0)
    oi[k, 0] = sub_group_reduce(s, x[k], "max")
    oi[k, 1] = sub_group_reduce(s, x[k], "min")
    of[k] = sub_group_reduce(s, f[k], "add")

# CHECK: short sub-groups: ok
