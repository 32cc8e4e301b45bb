# RUN: kilnc %s --emit=kiln | FileCheck %s
# Tuples of scalars (issue 12 item 8): module tuple constants (also as
# shapes), tuple locals (one hidden local per element, each keeping its
# type), constant subscripts, unpacking of displays, locals and a.shape,
# len, and a tuple as an index.
SHAPE = (4, 8)
PAIR = 3, 0.5
ALIAS = SHAPE
# Module-level Python with commas that is not a constant stays skipped.
SKIPPED = print(1, *SHAPE)
TABLE = np.zeros((4, 4), dtype=np.float32)

# CHECK-LABEL: kiln.kernel @shapes(
# CHECK-DAG: kiln.local_alloc [4, 8] {kiln.name = "t"} : <f32, 2, local>
# CHECK-DAG: kiln.private_alloc [8, 4] {kiln.name = "p"} : <f64, 2, private>
# CHECK: %[[X:.+]] = arith.constant 1.150000e+01 : f32
# CHECK: kiln.store %[[X]]
@kernel
def shapes(it: NdItem, out: Array[float32]):
    t = local_array(SHAPE, float32)
    p = PrivateArray((ALIAS[1], SHAPE[0]), float64, fill_zeros=True)
    out[0] = PAIR[0] * PAIR[-1] + SHAPE[1] + len(ALIAS)


# Each element of a tuple local keeps its own type; unpacking evaluates the
# whole right side first.
# CHECK-LABEL: kiln.kernel @locals(
# CHECK: %[[I:.+]] = memref.alloca() : memref<i64>
# CHECK: %[[F:.+]] = memref.alloca() : memref<f32>
# CHECK: %[[ID:.+]] = kiln.item_id %arg0[0]
# CHECK: memref.store %[[ID]], %[[I]][]
# CHECK: memref.store %{{.+}}, %[[F]][]
@kernel
def locals(item: Item, x: Array[float32], out: Array[float32]):
    t = (item.get_id(0), x[0])
    a, b = t
    a, b = b, a
    out[t[0]] = a + b + t[-1]


# `n, m = a.shape` reads each extent; `a[idx]` with a tuple local indexes
# every dimension.
# CHECK-LABEL: kiln.kernel @shape_unpack(
# CHECK: kiln.dim %arg1[0] : <f32, 2>
# CHECK: kiln.dim %arg1[1] : <f32, 2>
# CHECK: kiln.store %{{.+}}, %arg1[%{{.+}}, %{{.+}}] : <f32, 2>
@kernel
def shape_unpack(item: Item, a: Array[float32, 2]):
    n, m = a.shape
    idx = item.get_id(0), item.get_id(1)
    a[idx] = float32(n * m + len(a.shape))


# A tuple in a device function.
# CHECK-LABEL: kiln.device_func @rotate(
# CHECK: arith.subi
@device_func
def rotate(x: int64, y: int64) -> int64:
    p = (x, y)
    q = (p[1], -p[0])
    u, v = q
    return u - v
