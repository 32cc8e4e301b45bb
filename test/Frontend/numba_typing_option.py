# RUN: kilnc %s --emit=kiln --numba-typing | FileCheck %s
# RUN: kilnc %s --emit=kiln | FileCheck %s --check-prefix=KILN
# The compile option --numba-typing gives every function Numba's typing
# (CompileOptions::numbaTyping), device functions included; a decorator's
# numba_typing=False keeps Kiln's rules for its function.

# CHECK-LABEL: kiln.device_func @half(
# CHECK: arith.mulf %{{.+}}, %cst{{.*}} : f64
# KILN-LABEL: kiln.device_func @half(
# KILN: arith.mulf %arg0, %cst{{.*}} : f32
@device_func
def half(x: float32):
    return x * 0.5

# CHECK-LABEL: kiln.kernel @k(
# CHECK: arith.divf %{{.+}}, %{{.+}} : f64
# KILN-LABEL: kiln.kernel @k(
# KILN: arith.divf %{{.+}}, %{{.+}} : f32
@kernel
def k(item: Item, i: int32, out: Array[float64]):
    out[0] = i / i
    out[1] = half(float32(i))

# CHECK-LABEL: kiln.kernel @opt_out(
# CHECK: arith.divf %{{.+}}, %{{.+}} : f32
@kernel(numba_typing=False)
def opt_out(item: Item, i: int32, out: Array[float64]):
    out[0] = i / i
