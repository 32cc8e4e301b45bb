# RUN: kilnc %s --target host --emit=llvm-ir | FileCheck %s
# Math on the host is libm's: `sinf` for float32, `sin` for float64,
# float16 computed in float32; rsqrt (no libm function) is 1 / sqrt(x).
import math
from kiln import kernel, Item, Array, float16, float32, float64, rsqrt


@kernel
def maths(item: Item, f: Array[float32], d: Array[float64], h: Array[float16]):
    i = item.get_id(0)
    f[i] = math.sin(f[i]) + rsqrt(f[i])
    d[i] = math.sin(d[i])
    h[i] = math.exp(h[i])

# CHECK-DAG: declare float @sinf(float)
# CHECK-DAG: declare double @sin(double)
# CHECK-DAG: declare float @expf(float)
# CHECK: call float @sinf(float
# CHECK: [[ROOT:%[0-9]+]] = call float @llvm.sqrt.f32(float
# CHECK: fdiv float 1.000000e+00, [[ROOT]]
# CHECK: call double @sin(double
# CHECK: [[WIDE:%[0-9]+]] = fpext half {{%[0-9]+}} to float
# CHECK: [[E:%[0-9]+]] = call float @expf(float [[WIDE]])
# CHECK: fptrunc float [[E]] to half
