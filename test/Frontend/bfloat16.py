# RUN: kilnc %s --emit=kiln | FileCheck %s
# bfloat16 (spec section 2) is a storage type with conversions: arrays,
# parameters and locals hold bf16; arithmetic, comparisons and builtins on
# it are done in float32; bfloat16 <-> float16 goes through float32.

# CHECK-LABEL: kiln.kernel @k(
# CHECK-SAME: %arg1: !kiln.array<bf16, 1> {kiln.dtype = #kiln.dtype<bfloat16>, kiln.name = "a"}
# CHECK-SAME: %arg4: bf16 {kiln.dtype = #kiln.dtype<bfloat16>, kiln.name = "s"}
# CHECK: %[[X:.+]] = kiln.load %arg1[%{{.+}}] : <bf16, 1>
# CHECK: %[[XW:.+]] = arith.extf %{{.+}} : bf16 to f32
# CHECK: arith.mulf %[[XW]], %cst : f32
# CHECK: arith.constant 1.500000e+00 : bf16
# CHECK: arith.truncf %{{.+}} : f32 to bf16
# CHECK: %[[N:.+]] = arith.extf %{{.+}} : bf16 to f32
# CHECK-NEXT: arith.negf %[[N]] : f32
# CHECK: %[[H:.+]] = arith.extf %{{.+}} : bf16 to f32
# CHECK-NEXT: arith.truncf %[[H]] : f32 to f16
# CHECK: %[[H2:.+]] = arith.extf %arg3 : f16 to f32
# CHECK-NEXT: arith.truncf %[[H2]] : f32 to bf16
# CHECK: %[[S:.+]] = arith.extf %arg4 : bf16 to f32
# CHECK-NEXT: math.sqrt %[[S]] : f32
@kernel
def k(item: Item, a: Array[bfloat16], f: Array[float32], h: float16, s: bf16):
    i = item.get_id(0)
    x = a[i]
    f[i] = x * 2.0 + x
    y: bfloat16 = 1.5
    a[i] = bfloat16(f[i])
    z = -x
    h2 = float16(x)
    a[1] = bfloat16(h)
    w = math.sqrt(s)
