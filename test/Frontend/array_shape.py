# RUN: kilnc %s --emit=kiln | FileCheck %s
# a.shape[d] is kiln.dim (negative d counts from the end), a.ndim a constant,
# a.size the product of the extents.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.dim %arg1[1] : <f32, 3>
# CHECK: kiln.dim %arg1[2] : <f32, 3>
# CHECK: %[[NDIM:.+]] = arith.constant 3 : i64
# CHECK: kiln.store %[[NDIM]]
# CHECK: %[[D0:.+]] = kiln.dim %arg1[0] : <f32, 3>
# CHECK: %[[D1:.+]] = kiln.dim %arg1[1] : <f32, 3>
# CHECK: %[[P:.+]] = arith.muli %[[D0]], %[[D1]] : i64
# CHECK: %[[D2:.+]] = kiln.dim %arg1[2] : <f32, 3>
# CHECK: arith.muli %[[P]], %[[D2]] : i64
@kernel
def k(item: Item, a: Array[float32, 3], out: Array[int64]):
    out[0] = a.shape[1]
    out[1] = a.shape[-1]
    out[2] = a.ndim
    out[3] = a.size
