# RUN: kilnc %s --emit=metadata | FileCheck %s
# Each array parameter's access in the kernel metadata: read-only only
# when no store, atomic or call may write it (a device function that
# writes its parameter makes the caller's argument written; one that only
# reads keeps it read-only); scalars are read-only.

# CHECK-LABEL: kernel copy: index Item
# CHECK-NEXT: param a: array float32[1], read-only
# CHECK-NEXT: param b: array float32[1], written
# CHECK-NEXT: param s: scalar float32, read-only

# CHECK-LABEL: kernel through_calls:
# CHECK-NEXT: param src: array float32[1], read-only
# CHECK-NEXT: param dst: array float32[1], written
# CHECK-NEXT: param shape_only: array float32[1], read-only

# CHECK-LABEL: kernel atomics:
# CHECK-NEXT: param counts: array int32[1], written
# CHECK-NEXT: param loaded: array int32[1], read-only


@device_func
def first(x: Array[float32]) -> float32:
    return x[0]


@device_func
def put(x: Array[float32], i: int64, v: float32):
    x[i] = v


@kernel
def copy(item: Item, a: Array[float32], b: Array[float32], s: float32):
    i = item.get_id(0)
    b[i] = a[i] * s


@kernel
def through_calls(item: Item, src: Array[float32], dst: Array[float32],
                  shape_only: Array[float32]):
    i = item.get_id(0)
    put(dst, i, first(src) + float32(shape_only.shape[0]))


@kernel
def atomics(item: Item, counts: Array[int32], loaded: Array[int32]):
    i = item.get_id(0)
    AtomicRef(counts, 0).fetch_add(AtomicRef(loaded, i).load())
