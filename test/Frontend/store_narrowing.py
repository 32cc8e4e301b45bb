# RUN: kilnc %s --emit=ast | FileCheck %s
# A store into an array element converts within a kind, as NumPy's item
# assignment does (spec §5, v2): float64 into float32 (also `+=`), int64
# into int8 or uint8 (wrapping); implicit-safe values as before.

# CHECK: Kernel k
# CHECK: ArrayElement z : float32
# CHECK: ImplicitCast : float32
# CHECK-NEXT: ArrayElement x : float64
# CHECK: AugAssign
# CHECK: ImplicitCast : float32
# CHECK-NEXT: Binary + : float64
# CHECK: ArrayElement b : int8
# CHECK: ImplicitCast : int8
# CHECK-NEXT: VarRef n : int64
# CHECK: ArrayElement u : uint8
# CHECK: ImplicitCast : uint8
# CHECK-NEXT: VarRef n : int64
@kernel
def k(item: Item, x: Array[float64], n: int64, b: Array[int8], u: Array[uint8]):
    z = private_array(2, float32)
    z[0] = x[0]
    z[0] += x[1]
    b[0] = n
    u[0] = n
    x[0] = z[0]
