# RUN: kilnc %s --emit=kiln | FileCheck %s
# Local memory (spec section 5): LocalAccessor parameters are local
# !kiln.array arguments marked kiln.local_accessor (sized at launch);
# local_array is a static kiln.local_alloc, hoisted to the kernel's entry
# block wherever it appears. Its shape is constant: t.shape[d] and t.size
# fold.

# CHECK-LABEL: kiln.kernel @k(%arg0: !kiln.nd_item {kiln.name = "it"}, %arg1: !kiln.array<f32, 2> {kiln.dtype = #kiln.dtype<float32>, kiln.name = "a"}, %arg2: !kiln.array<f32, 1, local> {kiln.dtype = #kiln.dtype<float32>, kiln.local_accessor, kiln.name = "scratch"}, %arg3: !kiln.array<i32, 2, local> {kiln.dtype = #kiln.dtype<int32>, kiln.local_accessor, kiln.name = "s2"})
# CHECK-NEXT: memref.alloca() : memref<i64>
# CHECK-NEXT: %[[T:.+]] = kiln.local_alloc [16, 8] {kiln.name = "{{[a-z_]+}}"} : <f32, 2, local>
# CHECK: scf.if
# CHECK: kiln.store %{{.+}}, %[[T]][%{{.+}}, %{{.+}}] : <f32, 2, local>
# CHECK: }
# CHECK: %[[D:.+]] = kiln.dim %arg1[0] : <f32, 2>
# CHECK: arith.addi %[[D]], %c128_i64 : i64
# CHECK: arith.addi %{{.+}}, %c8_i64 : i64
# CHECK: kiln.store %{{.+}}, %arg2[%{{.+}}] : <f32, 1, local>
# CHECK: kiln.dim %arg3[1] : <i32, 2, local>
# CHECK: kiln.load %arg3[%{{.+}}, %{{.+}}] : <i32, 2, local>
TILE = 16
@kernel
def k(it: NdItem, a: Array[float32, 2], scratch: LocalAccessor[float32], s2: LocalAccessor[int32, 2]):
    i = it.get_local_id(0)
    if i < 4:
        t = local_array((TILE, TILE // 2), float32)
        t[i, 0] = a[i, 0]
    scratch[i] = a.shape[0] + t.size + t.shape[1]
    s2[0, 1] = int32(s2.shape[1]) + s2[1, 0]

# A 1-D shape may be a plain constant; numpy dtypes are accepted.
# CHECK-LABEL: kiln.kernel @one(
# CHECK: kiln.local_alloc [32] {kiln.name = "{{[a-z_]+}}"} : <i64, 1, local>
@kernel
def one(it: NdItem, a: Array[int64]):
    t = local_array(32, np.int64)
    t[0] = a[0]
