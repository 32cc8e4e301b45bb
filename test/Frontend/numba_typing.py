# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s --implicit-check-not=warning
# Numba's typing per kernel (@kernel(numba_typing=True), spec §6): float
# literals are float64, true division of integers is float64, an integer of
# 32 or 64 bits with float32 is float64 (NumPy's promotion), a 16-bit one
# stays float32. Integer literals stay weak. No warning under these rules.

# CHECK-LABEL: kiln.kernel @numba(
# x * 0.1 with a float32 x: float64.
# CHECK: %[[X:.+]] = arith.extf %arg1 : f32 to f64
# CHECK: arith.mulf %[[X]], %cst{{.*}} : f64
# int32 / int32: float64.
# CHECK: %[[I:.+]] = arith.sitofp %arg2 : i32 to f64
# CHECK: %[[J:.+]] = arith.sitofp %arg2 : i32 to f64
# CHECK: arith.divf %[[I]], %[[J]] : f64
# int64 * 1.0: float64.
# CHECK: %[[L:.+]] = arith.sitofp %arg3 : i64 to f64
# CHECK: arith.mulf %[[L]], %cst{{.*}} : f64
# int32 * float32: float64; int16 * float32: float32.
# CHECK: arith.sitofp %arg2 : i32 to f64
# CHECK: arith.extf %arg1 : f32 to f64
# CHECK: arith.mulf %{{.+}}, %{{.+}} : f64
# CHECK: arith.sitofp %arg4 : i16 to f32
# CHECK: arith.mulf %{{.+}}, %arg1 : f32
# A local first assigned a float literal is float64; math on an integer too.
# CHECK: memref.store %cst{{.*}}, %{{.+}}[] : memref<f64>
# CHECK: %[[S:.+]] = arith.sitofp %arg2 : i32 to f64
# CHECK: math.sqrt %[[S]] : f64
@kernel(numba_typing=True)
def numba(item: Item, x: float32, i: int32, n: int64, h: int16, out: Array[float64]):
    out[0] = x * 0.1
    out[1] = i / i
    out[2] = n * 1.0
    out[3] = i * x
    out[4] = h * x
    scale = 0.1
    out[5] = scale
    out[6] = math.sqrt(i)

# The same kernel under Kiln's rules (numba_typing=False, also the default).
# CHECK-LABEL: kiln.kernel @kiln_rules(
# CHECK: arith.mulf %arg1, %cst{{.*}} : f32
# CHECK: arith.divf %{{.+}}, %{{.+}} : f32
@kernel(numba_typing=False)
def kiln_rules(item: Item, x: float32, i: int32, out: Array[float64]):
    out[0] = x * 0.1
    out[1] = i / i
