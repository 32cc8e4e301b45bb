# REQUIRES: ptxas
# RUN: kilnc %s -k triad --target ptx --launch-rank 1 --assume-distinct-arrays --assume-aligned16=a,b,c -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: kilnc %s -k triad --target ptx --launch-rank 1 --assume-distinct-arrays --assume-aligned16=a,b,c --emit=metadata | FileCheck %s --check-prefix=META
# RUN: kilnc %s -k add2d --target ptx --launch-rank 2 --assume-distinct-arrays --assume-aligned16=x,y,z -o %t2.ptx
# RUN: FileCheck %s --input-file %t2.ptx --check-prefix=TWO
# RUN: %ptxas -arch=sm_90 %t2.ptx -o %t2.cubin
# RUN: kilnc %s -k daxpy --target ptx --launch-rank 1 --assume-distinct-arrays --assume-aligned16=x,y -o %t3.ptx
# RUN: FileCheck %s --input-file %t3.ptx --check-prefix=F64
# RUN: %ptxas -arch=sm_90 %t3.ptx -o %t3.cubin
# Elementwise coarsening on PTX (on by default there): with distinct,
# 16-byte aligned arrays each work-item handles 4 consecutive float32
# elements, the fast path with one 128-bit load per array read (through the
# read-only path: they are never written) and one 128-bit store, the tail
# with scalar accesses. float64 elements go in pairs (v2). A 2-D kernel
# coarsens its last dimension; its fast path also needs rows whose length
# is a multiple of 4. The metadata tells the runtime the factor.
from kiln import kernel, Item, Array, float32, float64


@kernel
def triad(item: Item, a: Array[float32], b: Array[float32], c: Array[float32], s: float32):
    i = item.get_id(0)
    a[i] = b[i] + s * c[i]


@kernel
def add2d(item: Item, x: Array[float32, 2], y: Array[float32, 2], z: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    z[i, j] = x[i, j] + y[i, j]


@kernel
def daxpy(item: Item, x: Array[float64], y: Array[float64], s: float64):
    i = item.get_id(0)
    y[i] = y[i] + s * x[i]

# CHECK-LABEL: .entry triad(
# CHECK-DAG: ld.global.nc.v4.b32 {{{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+}}}, [{{%rd[0-9]+}}];
# CHECK-DAG: ld.global.nc.v4.b32
# CHECK-DAG: st.global.v4.b32 [{{%rd[0-9]+}}], {{{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+}}};
# CHECK-DAG: ld.global.nc.b32
# CHECK-DAG: st.global.b32
# CHECK: ret;

# META: kernel triad: index Item, launch rank 1
# META: coarsening: 4, 1, 1

# TWO-LABEL: .entry add2d(
# TWO-DAG: ld.global.nc.v4.b32
# TWO-DAG: st.global.v4.b32
# TWO: ret;

# F64-LABEL: .entry daxpy(
# F64-DAG: ld.global.nc.v2.b64
# F64-DAG: ld.global.v2.b64
# F64-DAG: st.global.v2.b64
# F64: ret;
