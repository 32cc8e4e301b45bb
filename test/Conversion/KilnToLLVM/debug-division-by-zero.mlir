// RUN: kiln-opt %s --kiln-instrument-debug | FileCheck %s --check-prefix=INSTR
// RUN: kiln-opt %s --kiln-instrument-debug --convert-scf-to-cf --convert-kiln-to-llvm=target=spirv | FileCheck %s --check-prefix=LLVM
// Debug mode: an integer division checks the divisor the user wrote (the
// false operand of MLIRGen's kiln.divisor_guard select, not the guarded
// one, which is never 0) and reports a zero with its operands; a division
// without a guard (a DSL's) is checked on its own divisor.

kiln.kernel @k(%item: !kiln.item, %a: i32, %b: i32, %u: i8, %v: i8) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.cmpi eq, %b, %c0 : i32
  %d = arith.select %zero, %c1, %b {kiln.divisor_guard} : i32
  %q = arith.divsi %a, %d : i32 loc("k.py":5:9)
  %r = arith.remui %u, %v : i8 loc("k.py":6:9)
  kiln.return
}

// INSTR-LABEL: kiln.kernel @k(
// INSTR-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32, %[[U:[a-z0-9]+]]: i8, %[[V:[a-z0-9]+]]: i8, %[[DBG:.+]]: !kiln.debug)
// INSTR: arith.select {{.*}} {kiln.divisor_guard} : i32
// INSTR-NEXT: arith.constant 0 : i32
// INSTR-NEXT: %[[Z:.+]] = arith.cmpi eq, %[[B]], %{{.+}} : i32
// INSTR: scf.if %[[Z]] {
// INSTR: kiln.report_division_by_zero %[[DBG]], %[[A]], %[[B]] {column = 9 : i32, is_remainder = false, is_unsigned = false, line = 5 : i32} : i32, i32
// INSTR: arith.divsi
// INSTR: %[[Z2:.+]] = arith.cmpi eq, %[[V]], %{{.+}} : i8
// INSTR: scf.if %[[Z2]] {
// INSTR: kiln.report_division_by_zero %[[DBG]], %[[U]], %[[V]] {column = 9 : i32, is_remainder = true, is_unsigned = true, line = 6 : i32} : i8, i8
// INSTR: arith.remui

// The report claims the record (status 3) and writes the operands widened
// to 64 bits: sign-extended when signed, zero-extended when unsigned.
// LLVM-LABEL: @__kiln_body_k
// LLVM: llvm.cmpxchg %{{.+}}, %{{.+}}, %{{.+}} acq_rel monotonic
// LLVM: llvm.sext %{{.+}} : i32 to i64
// LLVM: llvm.cmpxchg %{{.+}}, %{{.+}}, %{{.+}} acq_rel monotonic
// LLVM: llvm.zext %{{.+}} : i8 to i64
