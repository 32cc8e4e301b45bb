// RUN: kilnc %s -k second --target mlir | FileCheck %s
// RUN: not kilnc %s -k third --target mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// -k keeps one kernel; an unknown name lists the available ones.

kiln.kernel @first(%item: !kiln.item) {
  kiln.return
}
kiln.kernel @second(%item: !kiln.item) {
  kiln.return
}

// CHECK-NOT: @first
// CHECK: kiln.kernel @second
// MISSING: error: no kernel named 'third' (available: first, second)
