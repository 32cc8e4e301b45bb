# RUN: kilnc %s --target ptx --emit=llvm-ir --assume-distinct-arrays | FileCheck %s
# RUN: kilnc %s --target spirv --emit=llvm-ir --assume-distinct-arrays | FileCheck %s
# RUN: kilnc %s --target ptx --emit=llvm-ir | FileCheck %s --check-prefix=PLAIN
# The distinct-arrays specialization marks every global array pointer of
# the entry point noalias (the JIT keys it; kilnc takes it as a promise);
# `x`, only loaded, is readonly either way. Without the fact no pointer is
# noalias: a launch may pass one buffer as both arrays.
from kiln import kernel, Item, Array, float32


@kernel
def axpy(item: Item, x: Array[float32], y: Array[float32], s: float32):
    i = item.get_id(0)
    y[i] = y[i] + s * x[i]

# CHECK: define {{.*}}void @axpy(i64 {{.*}}, ptr addrspace(1) noalias readonly align 4 {{.*}}, i64 {{.*}}, ptr addrspace(1) noalias align 4 {{.*}}, i64 {{.*}}, float {{.*}})

# PLAIN: define {{.*}}void @axpy(
# PLAIN-NOT: noalias
# PLAIN-SAME: ptr addrspace(1) readonly align 4 {{.*}}, i64 {{.*}}, ptr addrspace(1) align 4 {{.*}}, i64
