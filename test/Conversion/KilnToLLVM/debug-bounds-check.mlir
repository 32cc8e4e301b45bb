// RUN: kiln-opt %s --kiln-instrument-debug | FileCheck %s --check-prefix=INSTR
// RUN: kiln-opt %s --kiln-instrument-debug --convert-scf-to-cf --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=LLVM
// Debug mode: kernels take a trailing !kiln.debug, accesses are guarded by
// bounds checks, the first violation claims the DebugRecord's status.

kiln.kernel @k(%item: !kiln.item, %a: !kiln.array<f32, 2> {kiln.name = "a"}) {
  %i = kiln.item_id %item[0]
  %v = kiln.load %a[%i, %i] : !kiln.array<f32, 2> loc("k.py":4:9)
  kiln.return
}

// INSTR: module attributes {kiln.debug_names = ["a"]}
// INSTR: kiln.kernel @k(%{{.+}}: !kiln.item, %[[A:.+]]: !kiln.array<f32, 2> {kiln.name = "a"}, %[[D:.+]]: !kiln.debug)
// INSTR: %[[OK:.+]] = kiln.bounds_check %[[D]], %[[A]][%{{.+}}, %{{.+}}] {column = 9 : i32, line = 4 : i32, name_index = 0 : i32}
// INSTR: scf.if %[[OK]] -> (f32)
// INSTR: kiln.load
// INSTR: } else {
// INSTR: arith.constant 0.000000e+00 : f32

// LLVM-LABEL: @__kiln_body_k
// LLVM: llvm.icmp "ult"
// LLVM: llvm.cmpxchg %{{.+}}, %{{.+}}, %{{.+}} acq_rel monotonic
// LLVM-LABEL: llvm.func spir_kernelcc @k
// LLVM-SAME: %{{.+}}: !llvm.ptr<1>)
