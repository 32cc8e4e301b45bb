# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 2 -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s --target ptx -o %t.any.ptx
# RUN: FileCheck %s --check-prefix=ANY --input-file %t.any.ptx
# RUN: %ptxas -arch=sm_90 %t.any.ptx -o %t.any.cubin
# Range dimension N-1 is the fastest hardware axis (spec §3, as SYCL): in a
# 2-D kernel the column j = get_id(1) is ctaid.x * ntid.x + tid.x, so
# neighbouring lanes of a warp touch neighbouring elements of a row-major
# row, and the row i = get_id(0) comes from y. Specialized for rank 2 the
# choice is static (no z read, no launch-rank parameter); for any rank the
# kernel takes the rank and selects the axis at run time.
from kiln import kernel, Item, Array, float32


@kernel
def copy2d(item: Item, a: Array[float32, 2], b: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    b[i, j] = a[i, j]

# CHECK-LABEL: .entry copy2d(
# CHECK-NOT: %tid.z
# CHECK-DAG: mov.u32 %{{r[0-9]+}}, %ctaid.y;
# CHECK-DAG: mov.u32 %{{r[0-9]+}}, %tid.y;
# CHECK-DAG: mov.u32 %{{r[0-9]+}}, %ctaid.x;
# CHECK-DAG: mov.u32 %{{r[0-9]+}}, %tid.x;
# CHECK-NOT: %tid.z
# CHECK-NOT: selp
# CHECK: ret;

# ANY-LABEL: .entry copy2d(
# ANY: .param .u64 copy2d_param_3,
# ANY-DAG: ld.param.{{[a-z0-9]+}} %{{rd[0-9]+}}, [copy2d_param_3];
# ANY-DAG: %tid.z
# ANY-DAG: selp.b64
