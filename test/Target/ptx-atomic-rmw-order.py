# RUN: kilnc %s --target ptx --emit=llvm-ir | FileCheck %s --check-prefix=IR
# RUN: kilnc %s --target ptx -o - | FileCheck %s --check-prefix=PTX
# RUN: kilnc %s --target spirv --emit=llvm-ir | FileCheck %s --check-prefix=SPIRV
# The memory order of an AtomicRef read-modify-write (spec §5) on PTX.
# LLVM 22's NVPTX back end writes every atomicrmw as a relaxed `atom`,
# whatever its ordering, so Kiln adds the fences (as LLVM's AtomicExpand
# does for fence-based targets): release before, acquire after, seq_cst
# before a seq_cst one; a relaxed one has none. SPIR-V keeps the ordering
# on the instruction (OpAtomic* semantics) and gets no fences.

# IR-LABEL: define internal void @__kiln_body_order(
# IR-NOT: fence
# IR: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("device") monotonic
# IR-NOT: fence
# IR: atomicrmw add ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("device") acquire
# IR-NEXT: fence syncscope("device") acquire
# IR: fence syncscope("block") release
# IR-NEXT: atomicrmw max ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("block") release
# IR-NOT: fence
# IR: fence syncscope("device") release
# IR-NEXT: atomicrmw xchg ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("device") acq_rel
# IR-NEXT: fence syncscope("device") acquire
# IR: fence seq_cst
# IR-NEXT: atomicrmw sub ptr addrspace(1) %{{.+}}, i32 %{{.+}} seq_cst
# IR-NEXT: fence acquire
# IR-LABEL: define ptx_kernel void @order(

# PTX-LABEL: .visible .entry order(
# PTX: atom.global.add.u32
# PTX-NOT: fence
# PTX: atom.global.add.u32
# PTX-NEXT: fence.acq_rel.gpu;
# PTX: fence.acq_rel.cta;
# PTX-NEXT: atom.global.max.s32
# PTX: fence.acq_rel.gpu;
# PTX-NEXT: atom.global.exch.b32
# PTX-NEXT: fence.acq_rel.gpu;
# PTX: fence.sc.sys;
# PTX-NEXT: neg.s32
# PTX-NEXT: atom.global.add.u32
# PTX-NEXT: fence.acq_rel.sys;

# SPIRV-LABEL: define internal spir_func void @__kiln_body_order(
# SPIRV-NOT: fence
# SPIRV: atomicrmw xchg ptr addrspace(1) %{{.+}}, i32 %{{.+}} syncscope("device") acq_rel
# SPIRV-NOT: fence
# SPIRV: define spir_kernel void @order(


@kernel
def order(item: Item, v: Array[int32], acc: Array[int32]):
    x = v[item.get_id(0)]
    AtomicRef(acc, 0).fetch_add(x)
    AtomicRef(acc, 1, MemoryOrder.ACQUIRE).fetch_add(x)
    AtomicRef(acc, 2, MemoryOrder.RELEASE, MemoryScope.WORK_GROUP).fetch_max(x)
    AtomicRef(acc, 3, MemoryOrder.ACQ_REL).exchange(x)
    AtomicRef(acc, 4, MemoryOrder.SEQ_CST, MemoryScope.SYSTEM).fetch_sub(x)
