# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 1 --assume-distinct-arrays -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s --target ptx --launch-rank 1 | FileCheck %s --check-prefix=PLAIN
# Under the distinct-arrays fact (kilnc --assume-distinct-arrays; the JIT
# decides it per launch) an array the kernel never writes is `noalias
# readonly` and NVPTX loads it through the read-only data path
# (ld.global.nc); `y`, read and written, is loaded plainly. Without the
# fact another argument might be the same buffer and write it during the
# launch: no load is non-coherent.
from kiln import kernel, Item, Array, float32


@kernel
def axpy(item: Item, x: Array[float32], y: Array[float32], s: float32):
    i = item.get_id(0)
    y[i] = y[i] + s * x[i]

# CHECK-LABEL: .entry axpy(
# CHECK-DAG: ld.global.nc.b32 {{%r[0-9]+}}, [[[X:%rd[0-9]+]]];
# CHECK-DAG: ld.global.b32 {{%r[0-9]+}}, [[[Y:%rd[0-9]+]]];
# CHECK: st.global.b32 [[[Y]]],
# CHECK: ret;

# PLAIN-LABEL: .entry axpy(
# PLAIN-NOT: ld.global.nc
# PLAIN: ld.global.b32
# PLAIN-NOT: ld.global.nc
# PLAIN: ret;
