# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 2 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s --target ptx --launch-rank 2 -O1 | FileCheck %s --check-prefix=O1
# A loop whose trip count is known only at run time but bounded by the
# ranges of its start and stop (r = local id 0..7 stepping by 8 below 32:
# at most 4 trips) is unrolled to its bound at -O2 and above, each copy
# guarded, so the 4 loads are in flight together (as nvcc does for the
# tiled transpose; LLVM's NVPTX default kept the loop, one load a trip).
from kiln import kernel, NdItem, Array, float32


@kernel
def rows(it: NdItem, a: Array[float32, 2], out: Array[float32, 2]):
    ty = it.get_local_id(0)
    tx = it.get_global_id(1)
    base = it.get_group().get_group_id(0) * 32
    for r in range(ty, 32, 8):
        out[base + r, tx] = a[base + r, tx] * 2.0

# CHECK-LABEL: .entry rows(
# CHECK-COUNT-4: ld.global.b32
# CHECK-NOT: ld.global
# CHECK: ret;

# O1-LABEL: .entry rows(
# O1-COUNT-1: ld.global.b32
# O1-NOT: ld.global
# O1: ret;
