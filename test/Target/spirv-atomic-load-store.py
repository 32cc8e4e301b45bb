# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# AtomicRef.load()/.store() are OpAtomicLoad/OpAtomicStore with their scope
# and semantics. LLVM 22's SPIR-V back end writes an atomic LLVM load/store
# as a plain OpLoad/OpStore, so Kiln calls the SPIR-V builtins instead.
# Scope Device = 1, Workgroup = 2; semantics = order | storage class
# (CrossWorkgroup 0x200, Workgroup 0x100): Release 4, Acquire 2, SeqCst 16.
# CHECK-DAG: %[[DEV:[a-z_0-9]+]] = OpConstant %uint 1{{$}}
# CHECK-DAG: %[[WG:[a-z_0-9]+]] = OpConstant %uint 2{{$}}
# CHECK-DAG: %[[REL_GLOBAL:[a-z_0-9]+]] = OpConstant %uint 516{{$}}
# CHECK-DAG: %[[ACQ_GLOBAL:[a-z_0-9]+]] = OpConstant %uint 514{{$}}
# CHECK-DAG: %[[SC_LOCAL:[a-z_0-9]+]] = OpConstant %uint 272{{$}}
# CHECK: OpAtomicStore %{{[a-z_0-9]+}} %[[DEV]] %[[REL_GLOBAL]] %{{[a-z_0-9]+}}
# CHECK: OpAtomicLoad %uint %{{[a-z_0-9]+}} %[[DEV]] %[[ACQ_GLOBAL]]
# CHECK: OpAtomicStore %{{[a-z_0-9]+}} %[[WG]] %[[SC_LOCAL]] %{{[a-z_0-9]+}}
# CHECK: OpAtomicLoad %ulong %{{[a-z_0-9]+}} %[[WG]] %[[SC_LOCAL]]


@kernel
def flags(it: NdItem, flag: Array[int32], wide: Array[int64], out: Array[int64]):
    AtomicRef(flag, 0, MemoryOrder.RELEASE).store(7)
    v = AtomicRef(flag, 1, memory_order=MemoryOrder.ACQUIRE).load()
    scratch = local_array(4, int64)
    AtomicRef(scratch, 0, MemoryOrder.SEQ_CST, MemoryScope.WORK_GROUP,
              AddressSpace.LOCAL).store(wide[0])
    group_barrier(it.get_group())
    out[it.get_global_id(0)] = AtomicRef(scratch, 0, MemoryOrder.SEQ_CST,
                                         MemoryScope.WORK_GROUP,
                                         AddressSpace.LOCAL).load() + v
