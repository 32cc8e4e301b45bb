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
# arrays, each CTA runs the user's work-groups from %ctaid.x by %nctaid.x,
# each work-item adding its elements in a register in a loop with no
# barrier (LLVM unrolls it: several loads in flight, before any shuffle),
# then one shuffle reduce and one atomic add by the leader. The metadata
# tells the runtime to launch few CTAs. Arrays that may overlap, or
# --merge-work-groups=never, keep one reduce and atomic per work-group.
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
# CHECK: mov.u32 {{%r[0-9]+}}, %nctaid.x;
# CHECK-NOT: {{(atom|red)\.global|bar\.sync|shfl}}
# CHECK: ld.global.nc.b32
# CHECK-NOT: {{(atom|red)\.global|bar\.sync|shfl}}
# CHECK: ld.global.nc.b32
# CHECK-NOT: {{(atom|red)\.global|bar\.sync}}
# CHECK: shfl.sync.down.b32
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: bar.sync
# CHECK-NOT: {{(atom|red)\.global}}
# CHECK: {{(atom|red)\.global}}.add.f32
# CHECK-NOT: {{(atom|red)\.global|ld\.global}}
# CHECK: ret;

# META: kernel sum_per_item: index NdItem, launch rank 1
# META: merges work-groups

# ALIAS-LABEL: .entry sum_per_item(
# ALIAS-NOT: %nctaid
# ALIAS: {{(atom|red)\.global}}.add.f32
# ALIAS-NOT: %nctaid
