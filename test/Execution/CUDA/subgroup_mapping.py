# REQUIRES: cuda
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k sg_ids --device cuda --nd-range 16,64:8,32 --arg out=zeros:1024x5 --out out=%t/a.npy
# RUN: %python %S/../Inputs/index_space.py subgroups 16,64:8,32 %t/a.npy 32 | FileCheck %s
# RUN: kiln-run %s -k sg_ids --device cuda --nd-range 32,32:16,16 --arg out=zeros:1024x5 --out out=%t/b.npy
# RUN: %python %S/../Inputs/index_space.py subgroups 32,32:16,16 %t/b.npy 32 | FileCheck %s
# RUN: kiln-run %s -k sg_ids --device cuda --nd-range 8,8,32:4,4,16 --arg out=zeros:2048x5 --out out=%t/c.npy
# RUN: %python %S/../Inputs/index_space.py subgroups 8,8,32:4,4,16 %t/c.npy 32 | FileCheck %s
# RUN: kiln-run %s -k sg_ids --device cuda --nd-range 8,48:4,24 --arg out=zeros:384x5 --out out=%t/d.npy
# RUN: %python %S/../Inputs/index_space.py subgroups 8,48:4,24 %t/d.npy 32 | FileCheck %s
# RUN: kiln-run %s -k sg_ids --device cuda --nd-range 10,14:5,7 --arg out=zeros:140x5 --out out=%t/e.npy
# RUN: %python %S/../Inputs/index_space.py subgroups 10,14:5,7 %t/e.npy 32 | FileCheck %s
# RUN: kiln-run %s -k sg_ids --device cuda --any-rank --nd-range 8,8,32:4,4,16 --arg out=zeros:2048x5 --out out=%t/f.npy
# RUN: %python %S/../Inputs/index_space.py subgroups 8,8,32:4,4,16 %t/f.npy 32 | FileCheck %s
# Sub-groups are consecutive local linear ids (spec §3, SYCL's rule): on
# CUDA a warp of 32, so sub-group local id = local_linear_id % 32 and
# sub-group id = local_linear_id // 32 for work-groups of 8x32, 16x16,
# 4x4x16, 4x24 (a last extent no multiple of 32) and 5x7 (a short warp).
# CHECK: index space: ok


@kernel
def sg_ids(it: NdItem, out: Array[int64, 2]):
    n = it.get_global_linear_id()
    sg = it.get_sub_group()
    out[n, 0] = it.get_local_linear_id()
    out[n, 1] = sg.get_local_id()
    out[n, 2] = sg.get_group_id()
    out[n, 3] = sg.get_local_range()
    out[n, 4] = sg.get_group_range()
