// RUN: kiln-opt %s | kiln-opt | FileCheck %s
// Every kiln op prints in a form that parses back to the same op.

// CHECK-LABEL: kiln.kernel @all_ops
// CHECK-SAME: %[[ITEM:[^:]+]]: !kiln.item {kiln.name = "item"}
// CHECK-SAME: %[[A:[^:]+]]: !kiln.array<f32, 2> {kiln.name = "a"}
kiln.kernel @all_ops(%item: !kiln.item {kiln.name = "item"},
                     %a: !kiln.array<f32, 2> {kiln.name = "a"}) {
  // CHECK: %[[I:.+]] = kiln.item_id %[[ITEM]][0]
  %i = kiln.item_id %item[0]
  // CHECK: %[[N:.+]] = kiln.item_range %[[ITEM]][1]
  %n = kiln.item_range %item[1]
  // CHECK: %[[D:.+]] = kiln.dim %[[A]][1] : <f32, 2>
  %d = kiln.dim %a[1] : !kiln.array<f32, 2>
  // CHECK: %[[V:.+]] = kiln.load %[[A]][%[[I]], %[[D]]] : <f32, 2>
  %v = kiln.load %a[%i, %d] : !kiln.array<f32, 2>
  // CHECK: %[[W:.+]] = kiln.call @twice(%[[V]]) : (f32) -> f32
  %w = kiln.call @twice(%v) : (f32) -> f32
  // CHECK: kiln.store %[[W]], %[[A]][%[[I]], %[[N]]] : <f32, 2>
  kiln.store %w, %a[%i, %n] : !kiln.array<f32, 2>
  // CHECK: kiln.return
  kiln.return
}

// CHECK-LABEL: kiln.device_func @twice
// CHECK: kiln.return %{{.+}} : f32
kiln.device_func @twice(%x: f32) -> f32 {
  %r = arith.addf %x, %x : f32
  kiln.return %r : f32
}

// CHECK-LABEL: kiln.device_func @external(f64) -> f64
kiln.device_func @external(f64) -> f64
