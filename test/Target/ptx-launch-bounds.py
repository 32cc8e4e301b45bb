# REQUIRES: ptxas
# RUN: kilnc %s -k bounded --target ptx -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s -k bounded --target ptx --emit=metadata | FileCheck %s --check-prefix=META
# RUN: kilnc %s -k max_only --target ptx -o %t2.ptx
# RUN: FileCheck %s --input-file %t2.ptx --check-prefix=MAX
# RUN: %ptxas -arch=sm_90 %t2.ptx -o %t2.cubin
# RUN: kilnc %s -k plain --target ptx -o %t3.ptx
# RUN: FileCheck %s --input-file %t3.ptx --check-prefix=PLAIN
# RUN: kilnc %s -k bounded --target llvm --llvm-for=spirv | FileCheck %s --check-prefix=SPIRV
# RUN: kilnc %s -k bounded --target spirv -o %t.spv
# Launch bounds (docs/language.md §2.3) become NVPTX's .maxntid (the
# product of the three is the bound) and .minnctapersm, CUDA's
# __launch_bounds__(256, 2); module constants name them. SPIR-V gets
# nothing (reqd_work_group_size would demand one exact size).
# CHECK: .entry bounded(
# CHECK: .maxntid 256, 1, 1
# CHECK-NEXT: .minnctapersm 2
# META: kernel bounded:
# META: max work-group size: 256
# MAX: .entry max_only(
# MAX: .maxntid 96, 1, 1
# MAX-NOT: .minnctapersm
# PLAIN: .entry plain(
# PLAIN-NOT: .maxntid
# PLAIN-NOT: .minnctapersm
# SPIRV: define spir_kernel void @bounded(
# SPIRV-NOT: reqd_work_group_size
# SPIRV-NOT: nvvm.

GROUP = 256


@kernel(max_work_group_size=GROUP, min_work_groups_per_cu=2)
def bounded(it: NdItem, x: Array[float32]):
    i = it.get_global_id(0)
    x[i] = x[i] * 2.0


@kernel(max_work_group_size=96)
def max_only(item: Item, x: Array[float32]):
    i = item.get_id(0)
    x[i] = x[i] + 1.0


@kernel
def plain(item: Item, x: Array[float32]):
    i = item.get_id(0)
    x[i] = x[i] + 1.0
