# RUN: kilnc %s --emit=kiln | FileCheck %s
# private_array / PrivateArray: a per-work-item array with a constant
# shape, kiln.private_alloc hoisted to the entry block; keyword arguments
# as in Python. Loops over it may use its constant size.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[P:.+]] = kiln.private_alloc [8] {kiln.name = "{{[a-z_]+}}"} : <i32, 1, private>
# CHECK: %[[Q:.+]] = kiln.private_alloc [2, 3] {kiln.name = "{{[a-z_]+}}"} : <f64, 2, private>
# CHECK: kiln.store %{{.+}}, %[[Q]][%{{.+}}, %{{.+}}] : <f64, 2, private>
# CHECK: arith.cmpi slt, %{{.+}}, %c8_i64 : i64
# CHECK: kiln.store %{{.+}}, %[[P]][%{{.+}}] : <i32, 1, private>
@kernel
def k(item: Item, a: Array[int32]):
    p = private_array(8, int32)
    q = PrivateArray(shape=(2, 3), dtype=float64)
    q[1, 2] = 2.0
    for j in range(p.size):
        p[j] = a[j]
