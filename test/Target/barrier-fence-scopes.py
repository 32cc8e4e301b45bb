# RUN: kilnc %s --target ptx --emit=llvm-ir | FileCheck %s --check-prefix=PTX
# RUN: kilnc %s --target spirv --emit=llvm-ir | FileCheck %s --check-prefix=SPIRV
# RUN: kilnc %s --target ptx -o - | FileCheck %s --check-prefix=PTXASM
# group_barrier's fence scopes (spec §5): WORK_GROUP (the default) is the
# barrier alone (it orders local and global memory for the group); DEVICE
# and SYSTEM add an acq_rel fence of that scope before the barrier
# (SYSTEM: LLVM's default, system, scope).

# PTX-LABEL: define internal void @__kiln_body_k(
# PTX-NOT: fence
# PTX: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
# PTX-NOT: fence
# PTX: fence syncscope("device") acq_rel
# PTX-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
# PTX-NOT: fence
# PTX: fence acq_rel
# PTX-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

# SPIRV-LABEL: define internal spir_func void @__kiln_body_k(
# SPIRV-NOT: fence
# SPIRV: call spir_func void @_Z7barrierj(i32 3)
# SPIRV-NOT: fence
# SPIRV: fence syncscope("device") acq_rel
# SPIRV-NEXT: call spir_func void @_Z7barrierj(i32 3)
# SPIRV-NOT: fence
# SPIRV: fence acq_rel
# SPIRV-NEXT: call spir_func void @_Z7barrierj(i32 3)

# PTXASM: bar.sync 0;
# PTXASM: fence.acq_rel.gpu;
# PTXASM-NEXT: bar.sync 0;
# PTXASM: fence.acq_rel.sys;
# PTXASM-NEXT: bar.sync 0;


@kernel
def k(it: NdItem, a: Array[int32]):
    g = it.get_group()
    i = it.get_global_id(0)
    a[i] = 1
    group_barrier(g)
    a[i] += 1
    group_barrier(g, fence_scope=MemoryScope.DEVICE)
    a[i] += 2
    group_barrier(g, MemoryScope.SYSTEM)
    a[i] += 3
