# REQUIRES: ptxas
# RUN: kilnc %s -k sum_per_item --target ptx --launch-rank 1 --assume-distinct-arrays -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s -k sum_per_item --target ptx --launch-rank 1 --assume-distinct-arrays --emit=metadata | FileCheck %s --check-prefix=META
# RUN: kilnc %s -k sum_per_item --target ptx --launch-rank 1 -o %t.alias.ptx
# RUN: FileCheck %s --input-file %t.alias.ptx --check-prefix=ALIAS
# RUN: kilnc %s -k sum_per_item --target ptx --launch-rank 1 --assume-distinct-arrays --merge-work-groups=never -o %t.off.ptx
# RUN: FileCheck %s --input-file %t.off.ptx --check-prefix=ALIAS
# The sum with one element per work-item on PTX (issue 14): with distinct
# arrays, each CTA loops over the user's work-groups from %ctaid.x by
# %nctaid.x (the trip's first group is compared with the user's count
# before the loop) and keeps its total in a register; one atomic add after
# the loop, only where the CTA added anything. The metadata tells the
# runtime to launch few CTAs. Arrays that may overlap, or
# --merge-work-groups=never, keep one atomic per work-group and no loop.
from kiln import kernel, NdItem, Array, float32, group_reduce, AtomicRef


@kernel
def sum_per_item(it: NdItem, x: Array[float32], out: Array[float32]):
    i = it.get_global_id(0)
    v: float32 = x[i] if i < x.shape[0] else 0.0
    s = group_reduce(it.get_group(), v, "add")
    if it.get_group().leader():
        AtomicRef(out, 0).fetch_add(s)

# CHECK-LABEL: .entry sum_per_item(
# CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.x;
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: mov.u32 [[NC:%r[0-9]+]], %nctaid.x;
# CHECK-NEXT: cvt.u64.u32 [[STEP:%rd[0-9]+]], [[NC]];
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: add.s64 [[L:%rd[0-9]+]], [[L]], [[STEP]];
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: ld.global.nc.b32
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: shfl.sync.down.b32
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: {{(atom|red)\.global}}.add.f32
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: ret;

# META: kernel sum_per_item: index NdItem, launch rank 1
# META: merges work-groups

# ALIAS-LABEL: .entry sum_per_item(
# ALIAS-NOT: %nctaid
# ALIAS: {{(atom|red)\.global}}.add.f32
# ALIAS-NOT: %nctaid
