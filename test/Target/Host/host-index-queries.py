# RUN: kilnc %s --target host --emit=llvm-ir | FileCheck %s
# The host lowering (issue 20, stage 1): one address space (global arrays
# are plain `ptr`), C calling conventions, the work-item queries as calls
# to the placeholders the back end resolves, the global id built from them
# (group * local range + local id), and the entry point marked for the
# work-group function.
from kiln import kernel, Item, Array, float32


@kernel
def scale(item: Item, x: Array[float32], s: float32):
    i = item.get_id(0)
    x[i] = s * x[i]

# CHECK-DAG: declare i64 @__kiln_host_local_id(i32)
# CHECK-DAG: declare i64 @__kiln_host_group_id(i32)
# CHECK-DAG: declare i64 @__kiln_host_local_range(i32)
# CHECK-LABEL: define internal void @__kiln_body_scale(
# CHECK-SAME: { ptr, [1 x i64] }
# CHECK: [[RANGE:%[0-9]+]] = call i64 @__kiln_host_local_range(i32 0)
# CHECK: [[GROUP:%[0-9]+]] = call i64 @__kiln_host_group_id(i32 0)
# CHECK: [[BASE:%[0-9]+]] = mul i64 [[GROUP]], [[RANGE]]
# CHECK: [[LOCAL:%[0-9]+]] = call i64 @__kiln_host_local_id(i32 0)
# CHECK: add i64 [[BASE]], [[LOCAL]]
# CHECK: define void @scale(i64 %0, i64 %1, i64 %2, i64 %3, ptr align 4 %4, i64 %5, float %6) #[[ATTRS:[0-9]+]]
# CHECK-NOT: addrspace
# CHECK: attributes #[[ATTRS]] = { convergent "kiln-host-kernel" }
