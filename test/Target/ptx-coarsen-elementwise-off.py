# REQUIRES: ptxas
# RUN: kilnc %s --target ptx --launch-rank 1 --assume-aligned16=a,b,c -o %t.noalias.ptx
# RUN: FileCheck %s --input-file %t.noalias.ptx
# RUN: kilnc %s --target ptx --launch-rank 1 --assume-distinct-arrays -o %t.unaligned.ptx
# RUN: FileCheck %s --input-file %t.unaligned.ptx
# RUN: kilnc %s --target ptx --assume-distinct-arrays --assume-aligned16=a,b,c -o %t.anyrank.ptx
# RUN: FileCheck %s --input-file %t.anyrank.ptx
# RUN: kilnc %s --target ptx --launch-rank 1 --assume-distinct-arrays --assume-aligned16=a,b,c -g -o %t.debug.ptx
# RUN: FileCheck %s --input-file %t.debug.ptx
# RUN: kilnc %s --target ptx --launch-rank 1 --assume-distinct-arrays --assume-aligned16=a,b,c --coarsen-elementwise=never -o %t.never.ptx
# RUN: FileCheck %s --input-file %t.never.ptx
# RUN: %ptxas -arch=sm_90 %t.never.ptx -o %t.cubin
# RUN: kilnc %s --target ptx --launch-rank 1 --assume-distinct-arrays --assume-aligned16=a,b,c --coarsen-elementwise=never --emit=metadata | FileCheck %s --check-prefix=META
# Elementwise coarsening needs every fact: without distinct arrays, without
# 16-byte alignment, without a known launch rank, in debug mode (each
# access checked on its own) or when turned off, vector add keeps one
# scalar access per element and work-item, and its metadata no coarsening.
from kiln import kernel, Item, Array, float32


@kernel
def vector_add(item: Item, a: Array[float32], b: Array[float32], c: Array[float32]):
    i = item.get_id(0)
    c[i] = a[i] + b[i]

# CHECK-LABEL: .entry vector_add(
# CHECK-NOT: .v4.
# CHECK-NOT: .v2.
# CHECK: st.global.b32
# CHECK-NOT: .v4.
# CHECK: ret;

# META: kernel vector_add:
# META-NOT: coarsening
