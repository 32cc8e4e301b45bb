# RUN: kilnc %s --emit=ast 2>&1 | FileCheck %s
# Without an annotation a local's type is the promotion of the types of all
# values assigned to it, as Numba unifies them (spec §2 v2): `s = 0` then
# `s += 0.5 * x` (float32) makes `s` float32 from its first assignment; a
# float literal after an int one gives the default float; int32 then int64
# is int64, the int32 value converted. A warning of the body is printed
# once although the function is checked again.

# CHECK: local_unification.py:26:5: warning: the result of this call is not used
# CHECK-NOT: warning:
# CHECK: Kernel k
# CHECK: VarRef s : float32
# CHECK-NEXT: Float 0 : float32
# CHECK: VarRef s : float32
# CHECK: VarRef t : float32
# CHECK-NEXT: Float 0 : float32
# CHECK: VarRef t : float32
# CHECK-NEXT: Float 2.5 : float32
# CHECK: VarRef c : int64
# CHECK-NEXT: ImplicitCast : int64
# CHECK-NEXT: ArrayElement n : int32
@kernel
def k(item: Item, x: Array[float32], n: Array[int32], o2: Array[int64],
      out: Array[float32]):
    i = item.get_id(0)
    abs(x[0])
    s = 0
    for j in range(4):
        s += 0.5 * x[j]
    out[i] = s
    t = 0
    t = 2.5
    out[i] += t
    c = n[0]
    c = o2[0]
    o2[i] = c
