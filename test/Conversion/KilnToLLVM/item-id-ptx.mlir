// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s
// On NVPTX the global id is ctaid * ntid + tid, widened to i64.

kiln.kernel @id(%item: !kiln.item, %out: !kiln.array<i64, 1>) {
  %i = kiln.item_id %item[1]
  kiln.store %i, %out[%i] : !kiln.array<i64, 1>
  kiln.return
}

// CHECK-LABEL: llvm.func internal @__kiln_body_id
// CHECK: %[[B:.+]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: %[[BW:.+]] = llvm.zext %[[B]] : i32 to i64
// CHECK: %[[S:.+]] = nvvm.read.ptx.sreg.ntid.y : i32
// CHECK: %[[SW:.+]] = llvm.zext %[[S]] : i32 to i64
// CHECK: %[[M:.+]] = llvm.mul %[[BW]], %[[SW]] : i64
// CHECK: %[[T:.+]] = nvvm.read.ptx.sreg.tid.y : i32
// CHECK: %[[TW:.+]] = llvm.zext %[[T]] : i32 to i64
// CHECK: llvm.add %[[M]], %[[TW]] : i64
