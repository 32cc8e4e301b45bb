# RUN: kilnc %s --emit=kiln | FileCheck %s
# math.* (spec section 6) map to the math dialect; fmod is arith.remf;
# isnan/isinf/isfinite compare; integer arguments convert to float64 when
# 64-bit, else float32; constant arguments fold to weak float literals.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: math.sqrt %arg4 : f32
# CHECK: math.exp %arg4 : f32
# CHECK: math.exp2 %arg4 : f32
# CHECK: math.log %arg4 : f32
# CHECK: math.log2 %arg4 : f32
# CHECK: math.log10 %arg4 : f32
# CHECK: math.sin %arg4 : f32
# CHECK: math.cos %arg4 : f32
# CHECK: math.tan %arg4 : f32
# CHECK: math.asin %arg4 : f32
# CHECK: math.acos %arg4 : f32
# CHECK: math.atan %arg4 : f32
# CHECK: math.atan2 %arg4, %arg5 : f32
# CHECK: math.sinh %arg4 : f32
# CHECK: math.cosh %arg4 : f32
# CHECK: math.tanh %arg4 : f32
# CHECK: math.powf %arg4, %arg5 : f32
# CHECK: math.floor %arg4 : f32
# CHECK: math.ceil %arg4 : f32
# CHECK: math.trunc %arg4 : f32
# CHECK: math.absf %arg4 : f32
# CHECK: arith.remf %arg4, %arg5 : f32
# CHECK: math.copysign %arg4, %arg5 : f32
# CHECK: math.erf %arg4 : f32
# CHECK: arith.cmpf uno, %arg4, %arg4 : f32
# CHECK: %[[AY:.+]] = math.absf %arg5 : f32
# CHECK: arith.cmpf oeq, %[[AY]], %{{.+}} : f32
# CHECK: %[[AX:.+]] = math.absf %arg4 : f32
# CHECK: arith.cmpf olt, %[[AX]], %{{.+}} : f32
# CHECK: math.fma %arg4, %arg5, %{{.+}} : f32
# CHECK: math.rsqrt %arg5 : f32
# CHECK: %[[GT:.+]] = arith.cmpf ogt, %arg4, %arg5
# CHECK: arith.select %[[GT]], %arg4, %arg5 : f32
# CHECK: %[[N:.+]] = arith.sitofp %arg3 : i64 to f64
# CHECK: math.sqrt %[[N]] : f64
# CHECK: %[[I:.+]] = arith.sitofp %{{.+}} : i32 to f32
# CHECK: math.sqrt %[[I]] : f32
# math.pi is a weak float: float32 next to x, double precision when
# folded into a float64 store.
# CHECK: arith.constant 3.14159274 : f32
# CHECK: arith.constant 4.555806215962888 : f64
# CHECK: math.sqrt %{{.+}} : f16
# CHECK: arith.constant 0x7FC00000 : f32
@kernel
def k(item: Item, f: Array[float32], d: Array[float64], n: int64, x: float32, y: float32, i: Array[int32], h: float16):
    f[0] = math.sqrt(x) + math.exp(x) + math.exp2(x) + math.log(x) + math.log2(x) + math.log10(x)
    f[1] = math.sin(x) + math.cos(x) + math.tan(x) + math.asin(x) + math.acos(x) + math.atan(x) + math.atan2(x, y)
    f[2] = math.sinh(x) + math.cosh(x) + math.tanh(x) + math.pow(x, y) + math.floor(x) + math.ceil(x) + math.trunc(x)
    f[3] = math.fabs(x) + math.fmod(x, y) + math.copysign(x, y) + math.erf(x)
    if math.isnan(x) or math.isinf(y) or math.isfinite(x):
        f[4] = fma(x, y, 1.0) + rsqrt(y) + select(x > y, x, y)
    d[0] = math.sqrt(n)
    f[5] = math.sqrt(i[0])
    f[6] = math.pi * x
    d[1] = math.sqrt(2.0) + math.pi
    h = math.sqrt(h)
    f[7] = math.nan

# hypot is scaled by max(|x|, |y|) so that x*x + y*y cannot overflow.
# CHECK-LABEL: kiln.kernel @hyp(
# CHECK: %[[AX:.+]] = math.absf %arg2 : f32
# CHECK: %[[AY:.+]] = math.absf %arg3 : f32
# CHECK: %[[XB:.+]] = arith.cmpf ogt, %[[AX]], %[[AY]] : f32
# CHECK: %[[BIG:.+]] = arith.select %[[XB]], %[[AX]], %[[AY]] : f32
# CHECK: %[[SMALL:.+]] = arith.select %[[XB]], %[[AY]], %[[AX]] : f32
# CHECK: %[[R:.+]] = arith.divf %[[SMALL]], %[[BIG]] : f32
# CHECK: %[[SQ:.+]] = arith.mulf %[[R]], %[[R]] : f32
# CHECK: %[[S:.+]] = arith.addf %{{.+}}, %[[SQ]] : f32
# CHECK: %[[ROOT:.+]] = math.sqrt %[[S]] : f32
# CHECK: arith.mulf %[[BIG]], %[[ROOT]] : f32
# CHECK: arith.cmpf oeq, %[[BIG]]
# CHECK: arith.cmpf oeq, %[[AX]]
# CHECK: arith.cmpf oeq, %[[AY]]
@kernel
def hyp(item: Item, f: Array[float32], x: float32, y: float32):
    f[0] = math.hypot(x, y)
