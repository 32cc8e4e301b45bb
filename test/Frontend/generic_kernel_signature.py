# RUN: kilnc %s --signature "k:a=Array[float64, 2],s=float32,t=16" --emit=kiln | FileCheck %s
# A generic kernel (unannotated parameters, spec §2) specialized with an
# explicit signature: the parameters take the given types (float32 `s`
# widens to float64 against the float64 array) and the Constant[int32]
# parameter `t` disappears from the signature, recorded in kiln.constants
# and folded into the body as a constant.

# CHECK-LABEL: kiln.kernel @k(
# CHECK-SAME: %arg1: !kiln.array<f64, 2> {kiln.dtype = #kiln.dtype<float64>, kiln.name = "a"}
# CHECK-SAME: %arg2: f32 {kiln.dtype = #kiln.dtype<float32>, kiln.name = "s"})
# CHECK-SAME: attributes {kiln.constants = {t = 16 : i32}}
# CHECK: %[[L:.+]] = kiln.load %arg1[%{{.+}}, %{{.+}}] : <f64, 2>
# CHECK: %[[S:.+]] = arith.extf %arg2 : f32 to f64
# CHECK: %[[M:.+]] = arith.mulf %[[L]], %[[S]] : f64
# CHECK: %[[T:.+]] = arith.constant 1.600000e+01 : f64
# CHECK: arith.addf %[[M]], %[[T]] : f64


@kernel
def k(item: Item, a, s, t: Constant[int32]):
    i = item.get_id(0)
    a[i, 0] = a[i, 1] * s + t
