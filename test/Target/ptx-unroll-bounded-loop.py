# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 2 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s --target ptx --launch-rank 2 -O1 | FileCheck %s --check-prefix=O1
# A loop whose trip count is known only at run time but bounded by the
# ranges of its start and stop (r = local id stepping by 8 below 32: at
# most 4 trips) is unrolled to its bound at -O2 and above, each copy
# guarded by an exit test (LLVM's NVPTX default kept the loop, one load a
# trip). This is the version that runs when the count is below its bound;
# ptx-bounded-loop-version.py checks the exit-free one. Their first load,
# common to both, is hoisted above the test that chooses.
from kiln import kernel, NdItem, Array, float32


@kernel
def rows(it: NdItem, a: Array[float32, 2], out: Array[float32, 2]):
    ty = it.get_local_id(0)
    tx = it.get_global_id(1)
    base = it.get_group().get_group_id(0) * 32
    for r in range(ty, 32, 8):
        out[base + r, tx] = a[base + r, tx] * 2.0

# CHECK-LABEL: .entry rows(
# CHECK: ld.global.b32
# CHECK: @%p{{[0-9]+}} bra [[BELOW:\$L__BB[0-9_]+]];
# CHECK: [[BELOW]]:
# CHECK: setp.gt.u32 {{.*}}, 23;
# CHECK-NEXT: @%p{{[0-9]+}} bra
# CHECK: ld.global.b32
# CHECK: setp.gt.u32 {{.*}}, 15;
# CHECK-NEXT: @%p{{[0-9]+}} bra
# CHECK: ld.global.b32
# CHECK: setp.gt.u32 {{.*}}, 7;
# CHECK-NEXT: @%p{{[0-9]+}} bra
# CHECK: ld.global.b32
# CHECK-NOT: ld.global

# O1-LABEL: .entry rows(
# O1-COUNT-1: ld.global.b32
# O1-NOT: ld.global
# O1: ret;
