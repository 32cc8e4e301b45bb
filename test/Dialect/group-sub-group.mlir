// RUN: kiln-opt %s | kiln-opt | FileCheck %s
// RUN: kiln-opt %s --convert-kiln-to-llvm | FileCheck %s --check-prefix=LLVM
// kiln.group_sub_group: the calling work-item's sub-group from its Group
// (what group collectives expanded through shuffles use). It is the same
// index object, so sub-group queries on it read the work-item's sub-group.

// CHECK-LABEL: kiln.kernel @k
// LLVM-LABEL: llvm.func
kiln.kernel @k(%nd: !kiln.nd_item) {
  %g = kiln.get_group %nd
  // CHECK: kiln.group_sub_group %{{.*}}
  // LLVM-NOT: kiln.group_sub_group
  %s = kiln.group_sub_group %g
  // CHECK: kiln.query {{ *}}sub_group_id %{{.*}}[0] : !kiln.sub_group
  %i = kiln.query sub_group_id %s[0] : !kiln.sub_group
  kiln.return
}
