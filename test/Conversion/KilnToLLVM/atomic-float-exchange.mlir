// RUN: kiln-opt %s --convert-kiln-to-llvm=target=ptx | FileCheck %s
// RUN: kiln-opt %s --convert-kiln-to-llvm=target=spirv | FileCheck %s
// A float exchange is the integer exchange of its bits on every target
// (OpenCL has no float64 exchange; the integer one needs only the int64
// atomics PoCL has), issue 12 item 6.

kiln.kernel @xchg(%item: !kiln.item, %d: !kiln.array<f64, 1>, %f: !kiln.array<f32, 1, local>) {
  %c0 = arith.constant 0 : i64
  %x = arith.constant 1.5 : f64
  %y = arith.constant 2.5 : f32
  %a = kiln.atomic_rmw exchange %d[%c0], %x, relaxed, device : !kiln.array<f64, 1>
  %b = kiln.atomic_rmw exchange %f[%c0], %y, relaxed, work_group : !kiln.array<f32, 1, local>
  kiln.return
}

// CHECK-LABEL: @__kiln_body_xchg
// CHECK: %[[XB:.+]] = llvm.bitcast %{{.+}} : f64 to i64
// CHECK: %[[OLD:.+]] = llvm.atomicrmw xchg %{{.+}}, %[[XB]] syncscope("{{.*}}") monotonic {{.*}}: !llvm.ptr<1>, i64
// CHECK: llvm.bitcast %[[OLD]] : i64 to f64
// CHECK: %[[YB:.+]] = llvm.bitcast %{{.+}} : f32 to i32
// CHECK: %[[OLD32:.+]] = llvm.atomicrmw xchg %{{.+}}, %[[YB]] syncscope("{{.*}}") monotonic {{.*}}: !llvm.ptr<3>, i32
// CHECK: llvm.bitcast %[[OLD32]] : i32 to f32
// CHECK-NOT: llvm.atomicrmw xchg {{.*}} f64
