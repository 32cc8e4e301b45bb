// RUN: kiln-opt %s --kiln-instrument-debug --convert-scf-to-cf --convert-kiln-to-llvm=target=spirv | FileCheck %s
// A failed bounds check claims the DebugRecord and fills it in one block,
// without a branch on the claim: every reporter ORs its fields in 32-bit
// halves, the winner its values, the others zeros. A branch there made
// PoCL 3.1 overflow its stack: after unswitching a spin loop on the
// (loop-invariant) check, its optimiser merged the fill blocks of the check
// before the loop and of the one in it into an irreducible cycle, on which
// its barrier tail replication recursed without end.

kiln.kernel @k(%item: !kiln.item, %a: !kiln.array<i64, 1> {kiln.name = "a"}) {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i] : !kiln.array<i64, 1> loc("k.py":7:5)
  kiln.return
}

// CHECK-LABEL: @__kiln_body_k
// CHECK: %[[OK:.+]] = llvm.icmp "ult" %[[I:.+]], %[[N:.+]] : i64
// CHECK: llvm.cond_br %[[OK]], ^[[NEXT:bb[0-9]+]], ^[[REPORT:bb[0-9]+]]
// CHECK: ^[[REPORT]]:
// CHECK: %[[CLAIM:.+]] = llvm.cmpxchg %[[REC:[^,]+]], %{{.+}}, %{{.+}} acq_rel monotonic
// CHECK-NEXT: %[[WON:.+]] = llvm.extractvalue %[[CLAIM]][1]
// CHECK-NOT: llvm.cond_br
// Line 7 at byte 4.
// CHECK: %[[LINE:.+]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: %[[L:.+]] = llvm.select %[[WON]], %[[LINE]], %{{.+}} : i1, i32
// CHECK: %[[LA:.+]] = llvm.getelementptr %[[REC]][4]
// CHECK: llvm.atomicrmw _or %[[LA]], %[[L]] monotonic : !llvm.ptr<1>, i32
// The index, low then high half at bytes 24 and 28.
// CHECK: %[[LO:.+]] = llvm.trunc %[[I]] : i64 to i32
// CHECK: llvm.select %[[WON]], %[[LO]], %{{.+}} : i1, i32
// CHECK: llvm.getelementptr %[[REC]][24]
// CHECK: llvm.lshr %[[I]], %{{.+}} : i64
// CHECK: llvm.getelementptr %[[REC]][28]
// The extent at bytes 48 and 52.
// CHECK: llvm.trunc %[[N]] : i64 to i32
// CHECK: llvm.getelementptr %[[REC]][48]
// CHECK: llvm.getelementptr %[[REC]][52]
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.br ^[[NEXT]]
