// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s --check-prefix=PTX
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=SPIRV
// Atomics map to LLVM atomic instructions with the target's syncscope;
// a float add the target has no instruction for is a compare-exchange loop.
// On SPIR-V compare-exchange is the __spirv_AtomicCompareExchange builtin:
// LLVM 22's SPIR-V back end mistypes cmpxchg results that reach a phi.

kiln.kernel @atom(%item: !kiln.item, %i: !kiln.array<i32, 1>, %f: !kiln.array<f32, 1, local>) {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1 : i32
  %x = arith.constant 1.5 : f32
  %a = kiln.atomic_rmw umax %i[%c0], %one, relaxed, device : !kiln.array<i32, 1>
  %b = kiln.atomic_rmw add %f[%c0], %x, acq_rel, work_group : !kiln.array<f32, 1, local>
  %l = kiln.atomic_load %i[%c0], acquire, device : !kiln.array<i32, 1>
  kiln.atomic_store %l, %i[%c0], release, device : !kiln.array<i32, 1>
  %old, %ok = kiln.atomic_cmpxchg %i[%c0], %one, %l, seq_cst, device : !kiln.array<i32, 1>
  kiln.return
}

// PTX-LABEL: @__kiln_body_atom
// PTX: llvm.atomicrmw umax %{{.+}}, %{{.+}} syncscope("device") monotonic
// PTX: llvm.atomicrmw fadd %{{.+}}, %{{.+}} syncscope("block") acq_rel
// PTX: llvm.load %{{.+}} atomic syncscope("device") acquire
// PTX: llvm.store %{{.+}}, %{{.+}} atomic syncscope("device") release
// PTX: llvm.cmpxchg %{{.+}}, %{{.+}}, %{{.+}} syncscope("device") seq_cst seq_cst

// SPIRV-LABEL: @__kiln_body_atom
// SPIRV: llvm.atomicrmw umax %{{.+}}, %{{.+}} syncscope("device") monotonic
// SPIRV-NOT: llvm.atomicrmw fadd
// SPIRV: ^[[LOOP:.+]](%[[OLD:.+]]: i32):
// SPIRV: %[[F:.+]] = llvm.bitcast %[[OLD]] : i32 to f32
// SPIRV: llvm.fadd %[[F]], %{{.+}} : f32
// SPIRV: %[[SEEN:.+]] = llvm.call spir_funccc @_Z29__spirv_AtomicCompareExchangePU3AS3iiiiii(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[OLD]])
// SPIRV: %[[OK:.+]] = llvm.icmp "eq" %[[SEEN]], %[[OLD]] : i32
// SPIRV: llvm.cond_br %[[OK]], ^{{.+}}, ^[[LOOP]](%[[SEEN]] : i32)
// LLVM 22's SPIR-V back end drops atomicity from an atomic LLVM load/store
// (plain OpLoad/OpStore), so they are __spirv_AtomicLoad/Store calls
// (scope, semantics = order | storage class).
// SPIRV: %[[SCOPE:.+]] = llvm.mlir.constant(1 : i32) : i32
// SPIRV: %[[ACQ:.+]] = llvm.mlir.constant(514 : i32) : i32
// SPIRV: %[[L:.+]] = llvm.call spir_funccc @_Z18__spirv_AtomicLoadPU3AS1iii(%{{.+}}, %[[SCOPE]], %[[ACQ]]) : (!llvm.ptr<1>, i32, i32) -> i32
// SPIRV: %[[REL:.+]] = llvm.mlir.constant(516 : i32) : i32
// SPIRV: llvm.call spir_funccc @_Z19__spirv_AtomicStorePU3AS1iiii(%{{.+}}, %{{.+}}, %[[REL]], %[[L]]) : (!llvm.ptr<1>, i32, i32, i32) -> ()
// SPIRV-NOT: llvm.load {{.*}} atomic
// SPIRV-NOT: llvm.store {{.*}} atomic
