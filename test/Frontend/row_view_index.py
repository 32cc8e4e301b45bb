# RUN: kilnc %s --emit=ast | FileCheck %s
# `a[i][j]` (NumPy's row view indexed again) is the element `a[i, j]`, on
# reads, stores and augmented stores; an index tuple in the chain is spliced
# in order (`b[i, j][k]` is `b[i, j, k]`).

# CHECK: Kernel k
# CHECK: ArrayElement out : float32
# CHECK: ArrayElement a : float32
# CHECK-NEXT: VarRef i : int64
# CHECK-NEXT: Int 1 : int64
# CHECK: ArrayElement a : float32
# CHECK-NEXT: Int 0 : int64
# CHECK-NEXT: VarRef i : int64
# CHECK: ArrayElement b : float32
# CHECK-NEXT: VarRef i : int64
# CHECK-NEXT: Int 0 : int64
# CHECK-NEXT: Int 2 : int64
@kernel
def k(item: Item, a: Array[float32, 2], b: Array[float32, 3], out: Array[float32]):
    i = item.get_id(0)
    out[i] = a[i][1]
    a[0][i] += 1.0
    out[i] += b[i, 0][2]
