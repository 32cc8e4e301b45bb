# RUN: kilnc %s --emit=kiln | FileCheck %s

# CHECK-LABEL: kiln.kernel @k(
# CHECK: arith.andi %arg1, %{{.*}} : i32
# int32 | uint32 -> uint32 (same width, mixed signedness)
# CHECK: arith.ori %arg1, %arg2 : i32
# CHECK: arith.xori %arg1, %{{.*}} : i32
# CHECK: arith.shli %arg1, %{{.*}} : i32
# CHECK: arith.shrsi %arg1, %{{.*}} : i32
# CHECK: arith.shrui %arg2, %{{.*}} : i32
# CHECK: %[[M1:.+]] = arith.constant -1 : i32
# CHECK: arith.xori %arg1, %[[M1]] : i32
# CHECK: arith.andi %arg3, %arg4 : i1
@kernel
def k(item: Item, i: int32, u: uint32, p: bool, q: bool):
    a = i & 255
    b = i | u
    c = i ^ 1
    d = i << 2
    e = i >> 1
    f = u >> 1
    g = ~i
    h = p & q
