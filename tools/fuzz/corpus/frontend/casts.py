# RUN: kilnc %s --emit=kiln | FileCheck %s
# Explicit casts: float -> int truncates, int -> narrower int wraps, x -> bool
# is x != 0, signedness of the source picks the extension.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: arith.sitofp %arg1 : i32 to f32
# CHECK: arith.fptosi %arg2 : f32 to i32
# CHECK: arith.fptoui %arg2 : f32 to i8
# CHECK: arith.cmpf une, %arg2, %{{.*}} : f32
# CHECK: arith.cmpi ne, %arg1, %{{.*}} : i32
# CHECK: arith.trunci %arg4 : i64 to i8
# CHECK: arith.extsi %arg3 : i8 to i32
# CHECK: arith.extf %arg2 : f32 to f64
# CHECK: arith.truncf %arg2 : f32 to f16
# float32(1) is folded:
# CHECK: arith.constant 1.000000e+00 : f32
@kernel
def k(item: Item, i: int32, x: float32, b: int8, l: int64):
    a = float32(i)
    c = int32(x)
    d = uint8(x)
    e = bool(x)
    f = bool(i)
    g = int8(l)
    h = uint32(b)
    m = float64(x)
    n = np.float16(x)
    o = float32(1)
