# RUN: kilnc %s --emit=kiln | FileCheck %s
# assert is always emitted; the lowering drops it outside debug mode.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[C:.+]] = arith.cmpi sgt, %arg1, %c0_i32 : i32
# CHECK-NEXT: kiln.assert %[[C]]
# CHECK: %[[T:.+]] = arith.cmpf une, %arg2, %{{.+}} : f32
# CHECK-NEXT: kiln.assert %[[T]]
@kernel
def k(item: Item, n: int32, x: float32):
    assert n > 0
    assert x
