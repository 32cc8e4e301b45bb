# RUN: kilnc %s --target host -O0 --emit=llvm-ir-opt | FileCheck %s
# The work-group function of kiln/runtime/HostKernelABI.h, at -O0 to see it
# as built: `void scale(void *const *args, const HostWorkGroup *group)`
# loads each native argument through args[i] and the group's fields
# (group id, local range, group range, local limit per axis), loops over
# the local ids with axis 0 innermost, and has the entry point, the body
# and the device function inlined: no placeholder, body or helper is left.
from kiln import kernel, device_func, Item, Array, float32


@device_func
def twice(v: float32) -> float32:
    return v + v


@kernel
def scale(item: Item, x: Array[float32]):
    i = item.get_id(0)
    x[i] = twice(x[i])

# CHECK-NOT: define internal
# CHECK-LABEL: define void @scale(ptr noalias readonly captures(none) %args, ptr noalias readonly captures(none) %group)
# CHECK: %arg0.slot = load ptr, ptr
# CHECK: %arg4 = load ptr, ptr %arg4.slot, align 1
# CHECK: %group.id0 = load i64
# CHECK: %local.range0 = load i64
# CHECK: %group.range0 = load i64
# CHECK: %local.limit0 = load i64
# CHECK-DAG: l2.loop:
# CHECK-DAG: l1.loop:
# CHECK-DAG: l0.loop:
# CHECK-DAG: %l0.next = add nuw nsw i64 %l0, 1
# CHECK-DAG: %l0.more = icmp slt i64 %l0.next, %local.limit0
# CHECK-DAG: %l1.more = icmp slt i64 %l1.next, %local.limit1
# CHECK-DAG: %l2.more = icmp slt i64 %l2.next, %local.limit2
# CHECK-NOT: __kiln_host_
# CHECK-NOT: __kiln_body_
# CHECK-NOT: @twice
