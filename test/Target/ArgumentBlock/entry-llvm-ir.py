# RUN: kilnc %s --arg-block-entries --target llvm --emit llvm-ir | FileCheck %s
# RUN: kilnc %s --arg-block-entries --target llvm --emit llvm-ir --llvm-for ptx | FileCheck %s --check-prefix=PTX
# RUN: kilnc %s --target llvm --emit llvm-ir | FileCheck %s --check-prefix=OFF
# --arg-block-entries adds mix__kiln_argblock next to mix: the range
# extents and the launch rank, the block (pointer + byte size), its offset, then the local
# accessor (direct); every other argument is loaded from the block at its
# natural-alignment offset (ArgumentBlock.h): flag 0, h 2, n 8, x 16/24/32,
# k 40, y 48/56. Off by default: no entry, nothing else changes.

@kernel
def mix(it: NdItem, flag: bool, h: float16, n: int64, x: Array[float32, 2],
        s: LocalAccessor[float32], k: int8, y: Array[int32]):
    i = it.get_global_id(0)
    s[it.get_local_id(0)] = x[i, 1]
    if flag:
        y[i] = int32(n) + int32(k) + int32(float32(h) + s[0])

# The original entry point is untouched.
# CHECK: define spir_kernel void @mix(i64 %0, i64 %1, i64 %2, i64 %3, i8 %4, half %5, i64 %6, ptr addrspace(1) readonly align 4 %7, i64 %8, i64 %9, ptr addrspace(3) %10, i64 %11, i8 %12, ptr addrspace(1) align 4 %13, i64 %14)

# CHECK-LABEL: define spir_kernel void @mix__kiln_argblock(i64 %0, i64 %1, i64 %2, i64 %3, ptr addrspace(1) readonly %argument_block, i64 %argument_block_size, i64 %argument_block_offset, ptr addrspace(3) %4, i64 %5)
# CHECK-NEXT: load_arguments:
# CHECK-NEXT: %[[BASE:.+]] = getelementptr inbounds i8, ptr addrspace(1) %argument_block, i64 %argument_block_offset
# CHECK-NEXT: %[[FLAG:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 0
# CHECK-NEXT: load i8, ptr addrspace(1) %[[FLAG]], align 1
# CHECK-NEXT: %[[H:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 2
# CHECK-NEXT: load half, ptr addrspace(1) %[[H]], align 2
# CHECK-NEXT: %[[N:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 8
# CHECK-NEXT: load i64, ptr addrspace(1) %[[N]], align 8
# CHECK-NEXT: %[[X:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 16
# CHECK-NEXT: load ptr addrspace(1), ptr addrspace(1) %[[X]], align 8
# CHECK-NEXT: %[[X0:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 24
# CHECK-NEXT: load i64, ptr addrspace(1) %[[X0]], align 8
# CHECK-NEXT: %[[X1:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 32
# CHECK-NEXT: load i64, ptr addrspace(1) %[[X1]], align 8
# CHECK-NEXT: %[[K:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 40
# CHECK-NEXT: load i8, ptr addrspace(1) %[[K]], align 1
# CHECK-NEXT: %[[Y:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 48
# CHECK-NEXT: load ptr addrspace(1), ptr addrspace(1) %[[Y]], align 8
# CHECK-NEXT: %[[Y0:.+]] = getelementptr inbounds i8, ptr addrspace(1) %[[BASE]], i64 56
# CHECK-NEXT: load i64, ptr addrspace(1) %[[Y0]], align 8
# The copy of mix's entry point follows: it calls the same body, with the
# local accessor passed through.
# CHECK: insertvalue { ptr addrspace(3), [1 x i64] } undef, ptr addrspace(3) %4, 0
# CHECK: call spir_func void @__kiln_body_mix(

# On PTX the entry is a ptx_kernel and the local accessor is its int64
# offset into dynamic shared memory.
# PTX-LABEL: define ptx_kernel void @mix__kiln_argblock(i64 %0, i64 %1, i64 %2, i64 %3, ptr addrspace(1) readonly %argument_block, i64 %argument_block_size, i64 %argument_block_offset, i64 %4, i64 %5)
# PTX: load half,
# PTX: call void @__kiln_body_mix(

# OFF-NOT: __kiln_argblock
