# REQUIRES: ptxas
# RUN: kilnc %s --arg-block-entries --target ptx -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# The argument-block entry is a PTX kernel (.entry) next to saxpy's, and
# ptxas accepts both; after -O the block's fields are global loads from
# the block (a at 0, x at 8, y at 24).

@kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]

# CHECK: .entry saxpy(
# CHECK-LABEL: .entry saxpy__kiln_argblock(
# CHECK-DAG: ld.global.b32 %r{{[0-9]+}}, [%rd[[B:[0-9]+]]];
# CHECK-DAG: ld.global.b64 %rd{{[0-9]+}}, [%rd[[B]]+8];
# CHECK-DAG: ld.global.b64 %rd{{[0-9]+}}, [%rd[[B]]+24];
