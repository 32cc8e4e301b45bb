# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Element 1 of an int64 local_array is byte 8. At -O2 LLVM writes its
# address as the constant `getelementptr (i8, @local, i64 8)`; used by an
# atomic outside the entry block, LLVM 22's SPIR-V back end typed it as an
# ulong pointer with index 8 (byte 64, past the array). Kiln computes such
# addresses with instructions next to the access (SPIRVConstantAddresses.h),
# so every constant offset into the array is a byte (uchar) offset.
# CHECK-NOT: OpInBoundsPtrAccessChain %_ptr_Workgroup_ulong %{{[0-9]+}} %ulong_{{[0-9]+}}
# CHECK: OpInBoundsPtrAccessChain %_ptr_Workgroup_uchar %{{[0-9a-z_]+}} %ulong_8
# CHECK-NOT: OpInBoundsPtrAccessChain %_ptr_Workgroup_ulong %{{[0-9]+}} %ulong_{{[0-9]+}}


@kernel
def k(it: NdItem, v: Array[int64], acc: Array[int64]):
    lacc = local_array(2, int64)
    g = it.get_group()
    if g.leader():
        lacc[0] = 0
        lacc[1] = 0
    group_barrier(g)
    AtomicRef(lacc, 1).fetch_add(v[it.get_global_id(0)])
    group_barrier(g)
    if g.leader():
        acc[g.get_group_id(0)] = lacc[1]
