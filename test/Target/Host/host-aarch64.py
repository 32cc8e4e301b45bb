# RUN: kilnc %s --target host --arch aarch64:cortex-a72 --emit=asm | FileCheck %s
# RUN: kilnc %s --target host --arch aarch64:generic -o %t.so
# RUN: llvm-readelf -h %t.so | FileCheck %s --check-prefix=ELF
# The host target compiles for AArch64 too ("ARCH:CPU"): NEON code of the
# work-group function, linked into an AArch64 shared object (which only an
# AArch64 machine loads).
from kiln import kernel, Item, Array, float32


@kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]

# CHECK: .globl saxpy
# CHECK: saxpy:
# CHECK: ret
# ELF: Type: DYN (Shared object file)
# ELF: Machine: AArch64
