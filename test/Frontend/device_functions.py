# RUN: kilnc %s --emit=kiln | FileCheck %s
# @device_func (spec section 3): kiln.device_func + kiln.call. Arguments
# convert implicitly to the parameter types; keyword arguments bind by
# name; arrays of any memory and index objects may be passed; functions
# may be defined after their callers; early returns store the result and
# set the exit flag.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[P:.+]] = kiln.private_alloc [4]
# CHECK: kiln.call @scale(%{{.+}}, %arg3) : (f32, i32) -> f32
# CHECK: kiln.call @fill(%arg1, %arg2, %arg0) : (!kiln.array<f32, 1>, !kiln.array<f32, 1, local>, !kiln.nd_item) -> ()
# CHECK: kiln.call @sq(%c3_i64) : (i64) -> f32
# CHECK: kiln.call @first(%[[P]]) : (!kiln.array<f32, 1, private>) -> f32
# CHECK: kiln.call @clampi(%arg3, %c0_i32, %c10_i32) : (i32, i32, i32) -> i32
# CHECK: %[[G:.+]] = kiln.get_group %arg0
# CHECK: kiln.call @gid(%[[G]]) : (!kiln.group) -> i64
@kernel
def k(it: NdItem, a: Array[float32], loc: LocalAccessor[float32], n: int32):
    i = it.get_global_id(0)
    a[i] = scale(a[i], n)
    fill(a, loc, it)
    a[0] = sq(3)
    p = private_array(4, float32)
    a[1] = first(p)
    a[3] = float32(clampi(n, hi=10, lo=0))
    a[4] = float32(gid(it.get_group()))

# CHECK-LABEL: kiln.device_func @scale(%arg0: f32 {kiln.dtype = #kiln.dtype<float32>, kiln.name = "x"}, %arg1: i32 {kiln.dtype = #kiln.dtype<int32>, kiln.name = "k"}) -> f32 {
# CHECK: kiln.call @twice(%arg1) : (i32) -> i32
# CHECK: kiln.return %{{.+}} : f32
@device_func
def scale(x: float32, k: int32) -> float32:
    return x * twice(k)

@device_func()
def twice(k: int32) -> int32:
    return k * 2

# CHECK-LABEL: kiln.device_func @fill(%arg0: !kiln.array<f32, 1> {kiln.dtype = #kiln.dtype<float32>, kiln.name = "dst"}, %arg1: !kiln.array<f32, 1, local> {kiln.dtype = #kiln.dtype<float32>, kiln.name = "tmp"}, %arg2: !kiln.nd_item {kiln.name = "it"}) {
# CHECK: kiln.barrier
# CHECK: kiln.return{{$}}
@kiln.device_func
def fill(dst: Array[float32], tmp: LocalAccessor[float32], it: NdItem):
    g = it.get_group()
    tmp[it.get_local_id(0)] = dst[it.get_global_id(0)]
    group_barrier(g)
    if it.get_local_id(0) == 0:
        return
    dst[0] = tmp[0]

# Each return stores into the result slot; the int64 value converts to
# the annotated float32.
# CHECK-LABEL: kiln.device_func @sq(
# CHECK: %[[R:.+]] = memref.alloca() : memref<f32>
# CHECK: scf.if
# CHECK: memref.store %{{.+}}, %[[R]][]
# CHECK: } else {
# CHECK: arith.sitofp
# CHECK: memref.store %{{.+}}, %[[R]][]
# CHECK: %[[V:.+]] = memref.load %[[R]][]
# CHECK-NEXT: kiln.return %[[V]] : f32
@device_func
def sq(v: int64) -> float32:
    if v < 0:
        return 0.0
    else:
        return v * v

@device_func
def first(p: PrivateArray[float32]) -> float32:
    return p[0]

# Without an annotation, the first `return value` fixes the result type.
# CHECK-LABEL: kiln.device_func @clampi(
# CHECK-SAME: -> i32
@device_func
def clampi(x: int32, lo: int32, hi: int32):
    return min(max(x, lo), hi)

# CHECK-LABEL: kiln.device_func @gid(%arg0: !kiln.group {kiln.name = "g"}) -> i64
# CHECK: kiln.query group_id %arg0[0] : !kiln.group
@device_func
def gid(g: Group):
    return g.get_group_id(0)
