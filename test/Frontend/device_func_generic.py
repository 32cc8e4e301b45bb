# RUN: kilnc %s --emit=kiln | FileCheck %s
# A device function with unannotated (generic) parameters is compiled once
# per signature it is called with (a literal argument takes its default
# type); each specialization is its own kiln.device_func, named after the
# types. A Constant parameter is specialized on the value of its
# (constant) argument. An uncalled generic function is not compiled.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.call @add__x_float32_y_float32(%{{.+}}, %cst) : (f32, f32) -> f32
# CHECK: kiln.call @add__x_int32_y_int64(%arg2, %c2_i64) : (i32, i64) -> i64
# CHECK: kiln.call @add__x_float32_y_float32(
# CHECK: kiln.call @rep__n_4(%{{.+}}) : (f32) -> f32
@kernel
def k(item: Item, a: Array[float32], n: int32):
    a[0] = add(a[1], 1.0)
    a[1] = float32(add(n, 2))
    a[2] = add(a[3], a[4])
    a[3] = rep(a[5], 4)

@device_func
def add(x, y):
    return x + y

# CHECK-LABEL: kiln.device_func @add__x_float32_y_float32(%arg0: f32 {kiln.dtype = #kiln.dtype<float32>, kiln.name = "x"}, %arg1: f32 {kiln.dtype = #kiln.dtype<float32>, kiln.name = "y"}) -> f32
# CHECK: arith.addf %arg0, %arg1 : f32
# CHECK-LABEL: kiln.device_func @add__x_int32_y_int64(
# CHECK-SAME: -> i64
# CHECK: arith.extsi %arg0 : i32 to i64

# CHECK-LABEL: kiln.device_func @rep__n_4(%arg0: f32 {kiln.dtype = #kiln.dtype<float32>, kiln.name = "x"}) -> f32
# CHECK: kiln.private_alloc [4] {kiln.name = "{{[a-z_]+}}"} : <f32, 1, private>
# CHECK: arith.cmpi slt, %{{.+}}, %c4_i64 : i64
@device_func
def rep(x: float32, n: Constant[int32]) -> float32:
    p = private_array(n, float32)
    s = x
    for i in range(n):
        p[i] = x
        s += p[i]
    return s

# CHECK-NOT: @never
@device_func
def never(x):
    return x.foo

