# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 2 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s --target ptx --launch-rank 2 -O1 | FileCheck %s --check-prefix=O1
# A loop whose trip count is known only at run time but bounded (r = local
# id stepping by 8 below 32: at most 4 trips) gets a copy for the count at
# its bound, chosen by one test before the loop, that unrolls to straight-
# line code: its 4 loads have no branch between them, so ptxas issues them
# together, as nvcc's runtime unrolling does (compiler/Target/PTX/
# PTXBoundedLoops.h; a tiled transpose went from 0.83x to 1.03x nvcc on an
# H100). The copy is laid out before the loop's exit (likely), so it falls
# through to it. -O1 keeps one loop.
from kiln import kernel, NdItem, Array, float32


@kernel
def rows(it: NdItem, a: Array[float32, 2], out: Array[float32, 2]):
    ty = it.get_local_id(0)
    tx = it.get_global_id(1)
    base = it.get_group().get_group_id(0) * 32
    for r in range(ty, 32, 8):
        out[base + r, tx] = a[base + r, tx] * 2.0

# CHECK-LABEL: .entry rows(
# CHECK: setp.ne.b64 [[AT:%p[0-9]+]], {{%rd[0-9]+}}, 24;
# CHECK: ld.global.b32
# CHECK: @[[AT]] bra
# CHECK-NOT: bra
# CHECK: ld.global.b32
# CHECK-NOT: bra
# CHECK: ld.global.b32
# CHECK-NOT: bra
# CHECK: ld.global.b32
# CHECK-NOT: bra
# CHECK: ret;

# O1-LABEL: .entry rows(
# O1-NOT: setp.ne.b64 {{.*}}, 24;
# O1-COUNT-1: ld.global.b32
# O1-NOT: ld.global
# O1: ret;
