# RUN: kilnc %s --emit=kiln | FileCheck %s
# Chained comparisons evaluate the middle operand once and short-circuit;
# unsigned types compare unsigned; '!=' on floats is unordered (NaN != NaN).

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[LO:.+]] = arith.cmpi sle, %{{.*}}, %arg1 : i32
# CHECK: %[[R:.+]] = scf.if %[[LO]] -> (i1) {
# CHECK:   %[[HI:.+]] = arith.cmpi slt, %arg1, %arg2 : i32
# CHECK:   scf.yield %[[HI]] : i1
# CHECK: } else {
# CHECK:   scf.yield %false : i1
# CHECK: kiln.store %[[R]], %arg6
# CHECK: arith.cmpi ult, %arg3, %{{.*}} : i32
# CHECK: arith.cmpf une, %arg4, %arg5 : f32
# CHECK: arith.cmpf olt, %arg4, %arg5 : f32
@kernel
def k(item: Item, i: int32, n: int32, u: uint32, x: float32, y: float32, out: Array[bool]):
    out[0] = 0 <= i < n
    out[1] = u < 5
    out[2] = x != y
    out[3] = x < y
