// RUN: not kilnc %s --target ptx --arch sm_1000 -o %t.ptx 2>&1 | FileCheck %s
// An unknown CUDA architecture is a clear error, not a back-end crash.

kiln.kernel @k(%item: !kiln.item) {
  kiln.return
}

// CHECK: kilnc: error: unknown CUDA architecture 'sm_1000' (expected e.g. sm_80, sm_90, sm_90a)
