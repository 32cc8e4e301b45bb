// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// Element access is row-major: ((i * e1) + j) * e2 + k into a global pointer.

kiln.kernel @copy3d(%item: !kiln.item, %a: !kiln.array<f64, 3>, %i: i64, %j: i64, %k: i64) {
  %v = kiln.load %a[%i, %j, %k] : !kiln.array<f64, 3>
  kiln.store %v, %a[%k, %j, %i] : !kiln.array<f64, 3>
  kiln.return
}

// CHECK-LABEL: llvm.func internal spir_funccc @__kiln_body_copy3d
// CHECK-SAME: %[[A:[^:]+]]: !llvm.struct<(ptr<1>, array<3 x i64>)>, %[[I:[^:]+]]: i64, %[[J:[^:]+]]: i64, %[[K:[^:]+]]: i64
// CHECK: %[[BASE:.+]] = llvm.extractvalue %[[A]][0]
// CHECK: %[[E1:.+]] = llvm.extractvalue %[[A]][1, 1]
// CHECK: %[[M1:.+]] = llvm.mul %[[I]], %[[E1]] : i64
// CHECK: %[[S1:.+]] = llvm.add %[[M1]], %[[J]] : i64
// CHECK: %[[E2:.+]] = llvm.extractvalue %[[A]][1, 2]
// CHECK: %[[M2:.+]] = llvm.mul %[[S1]], %[[E2]] : i64
// CHECK: %[[S2:.+]] = llvm.add %[[M2]], %[[K]] : i64
// CHECK: %[[P:.+]] = llvm.getelementptr inbounds %[[BASE]][%[[S2]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f64
// CHECK: %[[V:.+]] = llvm.load %[[P]] : !llvm.ptr<1> -> f64
// CHECK: llvm.store %[[V]], %{{.+}} : f64, !llvm.ptr<1>
