# RUN: kilnc %s --emit=kiln | FileCheck %s
# 'and'/'or' short-circuit through scf.if yielding i1; 'not' tests truthiness.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[A:.+]] = arith.cmpi sgt, %arg1, %{{.*}} : i32
# CHECK: scf.if %[[A]] -> (i1) {
# CHECK:   arith.cmpi slt, %arg1, %arg2 : i32
# CHECK: } else {
# CHECK:   scf.yield %false : i1
# CHECK: %[[O:.+]] = arith.cmpi slt, %arg1, %{{.*}} : i32
# CHECK: scf.if %[[O]] -> (i1) {
# CHECK:   scf.yield %true{{.*}} : i1
# CHECK: } else {
# CHECK:   arith.cmpi sge, %arg1, %arg2 : i32
# CHECK: %[[NZ:.+]] = arith.cmpi ne, %arg1, %{{.*}} : i32
# CHECK: arith.xori %[[NZ]], %true : i1
@kernel
def k(item: Item, i: int32, n: int32, out: Array[bool]):
    out[0] = i > 0 and i < n
    out[1] = i < 0 or i >= n
    out[2] = not i
