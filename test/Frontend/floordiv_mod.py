# RUN: kilnc %s --emit=kiln | FileCheck %s
# Spec §4: '//' floors and '%' takes the sign of the divisor, as in Python.
# A signed divisor of -1 is replaced by 1 (LLVM's sdiv/srem are undefined for
# MIN / -1; the spec wraps: MIN // -1 == MIN == -MIN, MIN % -1 == 0), and a
# divisor of 0 by 1 (docs/language.md §6.3: x // 0 == x % 0 == 0). The guard
# select carries kiln.divisor_guard, where -g reports the division.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[Z0:.+]] = arith.cmpi eq, %arg2, %{{.*}} : i32
# CHECK: %[[M1:.+]] = arith.cmpi eq, %arg2, %{{.*}} : i32
# CHECK: %[[BAD:.+]] = arith.ori %[[Z0]], %[[M1]] : i1
# CHECK: %[[D:.+]] = arith.select %[[BAD]], %{{.*}}, %arg2 {kiln.divisor_guard} : i32
# CHECK: %[[FQ:.+]] = arith.floordivsi %arg1, %[[D]] : i32
# CHECK: %[[NEG:.+]] = arith.subi %{{.*}}, %arg1 : i32
# CHECK: %[[Q:.+]] = arith.select %[[M1]], %[[NEG]], %[[FQ]] : i32
# CHECK: arith.select %[[Z0]], %{{.*}}, %[[Q]] : i32
# CHECK: %[[UZ:.+]] = arith.cmpi eq, %arg4, %{{.*}} : i32
# CHECK: %[[UD:.+]] = arith.select %[[UZ]], %{{.*}}, %arg4 {kiln.divisor_guard} : i32
# CHECK: %[[UQ:.+]] = arith.divui %arg3, %[[UD]] : i32
# CHECK: arith.select %[[UZ]], %{{.*}}, %[[UQ]] : i32
# A remainder by 1 is already 0: '%' needs no select after the division.
# CHECK: %[[Z2:.+]] = arith.cmpi eq, %arg2, %{{.*}} : i32
# CHECK: %[[M2:.+]] = arith.cmpi eq, %arg2, %{{.*}} : i32
# CHECK: %[[BAD2:.+]] = arith.ori %[[Z2]], %[[M2]] : i1
# CHECK: %[[D2:.+]] = arith.select %[[BAD2]], %{{.*}}, %arg2 {kiln.divisor_guard} : i32
# CHECK: %[[R:.+]] = arith.remsi %arg1, %[[D2]] : i32
# CHECK: %[[NZ:.+]] = arith.cmpi ne, %[[R]], %{{.*}} : i32
# CHECK: %[[SIGNS:.+]] = arith.xori %[[R]], %arg2 : i32
# CHECK: %[[DIFF:.+]] = arith.cmpi slt, %[[SIGNS]], %{{.*}} : i32
# CHECK: %[[FIX:.+]] = arith.andi %[[NZ]], %[[DIFF]] : i1
# CHECK: %[[ADJ:.+]] = arith.addi %[[R]], %arg2 : i32
# CHECK: arith.select %[[FIX]], %[[ADJ]], %[[R]] : i32
# CHECK: %[[UZ2:.+]] = arith.cmpi eq, %arg4, %{{.*}} : i32
# CHECK: %[[UD2:.+]] = arith.select %[[UZ2]], %{{.*}}, %arg4 {kiln.divisor_guard} : i32
# CHECK: arith.remui %arg3, %[[UD2]] : i32
# Float // follows CPython: floor((a - fmod(a, b)) / b), adjusted; by zero it
# is the true quotient a / b (+-inf or NaN, as NumPy's floor_divide).
# CHECK: %[[M:.+]] = arith.remf %arg5, %arg6 : f32
# CHECK: %[[NUM:.+]] = arith.subf %arg5, %[[M]] : f32
# CHECK: %[[Q:.+]] = arith.divf %[[NUM]], %arg6 : f32
# CHECK: math.floor
# CHECK: %[[TQ:.+]] = arith.divf %arg5, %arg6 : f32
# CHECK: math.copysign
# CHECK: %[[PY:.+]] = arith.select
# CHECK: %[[BY0:.+]] = arith.cmpf oeq, %arg6, %{{.*}} : f32
# CHECK: arith.select %[[BY0]], %[[TQ]], %[[PY]] : f32
# A zero remainder takes the divisor's sign (copysign), as in NumPy.
# CHECK: %[[FR:.+]] = arith.remf %arg5, %arg6 : f32
# CHECK: arith.cmpf one, %[[FR]], %{{.*}} : f32
# CHECK: arith.addf %[[FR]], %arg6 : f32
# CHECK: %[[Z:.+]] = arith.cmpf oeq, %[[FR]], %{{.*}} : f32
# CHECK: %[[SZ:.+]] = math.copysign %{{.*}}, %arg6 : f32
# CHECK: arith.select %[[Z]], %[[SZ]], %[[FR]] : f32
# CHECK: arith.select
@kernel
def k(item: Item, i: int32, j: int32, u: uint32, v: uint32, x: float32, y: float32):
    a = i // j
    b = u // v
    c = i % j
    d = u % v
    e = x // y
    f = x % y
