# RUN: kilnc %s --target ptx --emit=llvm-ir | FileCheck %s --check-prefix=PTX
# RUN: kilnc %s --target spirv --emit=llvm-ir | FileCheck %s --check-prefix=SPIRV
# RUN: kilnc %s --target ptx -o - | FileCheck %s --check-prefix=PTXASM
# RUN: %if spirv-val %{ kilnc %s --target spirv -o %t.spv && spirv-val %t.spv && spirv-dis %t.spv | FileCheck %s --check-prefix=SPV %}
# Every MemoryScope of an AtomicRef (spec §5) becomes the target's LLVM
# syncscope: WORK_ITEM singlethread; SUB_GROUP subgroup (PTX has no warp
# scope: block); WORK_GROUP workgroup / block; DEVICE device; SYSTEM the
# default (system) scope. SPIR-V scope operands: Invocation 4, Subgroup 3,
# Workgroup 2, Device 1, CrossDevice 0.

# PTX-LABEL: define internal void @__kiln_body_scopes(
# PTX: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("singlethread") monotonic
# PTX: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("block") monotonic
# PTX: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("block") monotonic
# PTX: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("device") monotonic
# PTX: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} monotonic
# PTX: atomicrmw add ptr addrspace(3) %{{.+}}, i32 %{{.+}} syncscope("block") monotonic

# SPIRV-LABEL: define internal spir_func void @__kiln_body_scopes(
# SPIRV: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("singlethread") monotonic
# SPIRV: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("subgroup") monotonic
# SPIRV: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("workgroup") monotonic
# SPIRV: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("device") monotonic
# SPIRV: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} monotonic
# SPIRV: atomicrmw add ptr addrspace(3) %{{.+}}, i32 %{{.+}} syncscope("workgroup") monotonic

# PTXASM: .visible .entry scopes(
# PTXASM-COUNT-5: atom.global.add.u32
# PTXASM: atom.shared.add.u32

# SPV-DAG: %[[INV:[a-z_0-9]+]] = OpConstant %uint 4{{$}}
# SPV-DAG: %[[SG:[a-z_0-9]+]] = OpConstant %uint 3{{$}}
# SPV-DAG: %[[WG:[a-z_0-9]+]] = OpConstant %uint 2{{$}}
# SPV-DAG: %[[DEV:[a-z_0-9]+]] = OpConstant %uint 1{{$}}
# SPV-DAG: %[[SYS:[a-z_0-9]+]] = OpConstant %uint 0{{$}}
# SPV: OpAtomicIAdd %uint %{{[a-z_0-9]+}} %[[INV]]
# SPV: OpAtomicIAdd %uint %{{[a-z_0-9]+}} %[[SG]]
# SPV: OpAtomicIAdd %uint %{{[a-z_0-9]+}} %[[WG]]
# SPV: OpAtomicIAdd %uint %{{[a-z_0-9]+}} %[[DEV]]
# SPV: OpAtomicIAdd %uint %{{[a-z_0-9]+}} %[[SYS]]
# SPV: OpAtomicIAdd %uint %{{[a-z_0-9]+}} %[[WG]]


@kernel
def scopes(it: NdItem, v: Array[int32], acc: Array[int32], loc: LocalAccessor[int32]):
    i = it.get_global_id(0)
    x = v[i]
    AtomicRef(acc, i, memory_scope=MemoryScope.WORK_ITEM).fetch_add(x)
    AtomicRef(acc, 0, memory_scope=MemoryScope.SUB_GROUP).fetch_add(x)
    AtomicRef(acc, 1, memory_scope=MemoryScope.WORK_GROUP).fetch_add(x)
    AtomicRef(acc, 2, memory_scope=MemoryScope.DEVICE).fetch_add(x)
    AtomicRef(acc, 3, memory_scope=MemoryScope.SYSTEM).fetch_add(x)
    AtomicRef(loc, 0, memory_scope=MemoryScope.WORK_GROUP).fetch_add(x)
