# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/spirv_legalize.py make zero_fill %t
# RUN: kiln-run %s -k fill -O0 --range 16 --arg a=@%t/a.npy --arg n=70 --out a=%t/O0_a.npy
# RUN: kiln-run %s -k private_fill -O0 --range 16 --arg x=@%t/x.npy --arg y=zeros:16 --arg n=70 --out y=%t/O0_y.npy
# RUN: %python %S/Inputs/spirv_legalize.py check zero_fill %t O0 | FileCheck %s --check-prefix=O0
# RUN: kiln-run %s -k fill -O2 --range 16 --arg a=@%t/a.npy --arg n=70 --out a=%t/O2_a.npy
# RUN: kiln-run %s -k private_fill -O2 --range 16 --arg x=@%t/x.npy --arg y=zeros:16 --arg n=70 --out y=%t/O2_y.npy
# RUN: %python %S/Inputs/spirv_legalize.py check zero_fill %t O2 | FileCheck %s --check-prefix=O2
# RUN: kiln-run %s -k fill -O2 -g --range 16 --arg a=@%t/a.npy --arg n=70 --out a=%t/g_a.npy
# RUN: kiln-run %s -k private_fill -O2 -g --range 16 --arg x=@%t/x.npy --arg y=zeros:16 --arg n=70 --out y=%t/g_y.npy
# RUN: %python %S/Inputs/spirv_legalize.py check zero_fill %t g | FileCheck %s --check-prefix=G
# Issue 10 item 8, issue 12 item 9 (dpbench's gpairs): a zero-fill loop of
# run-time length becomes `llvm.memset`, which the SPIR path for PoCL
# rejected at -O2 (and with -g for a private array). Compared with NumPy
# on the CPU device.
# O0: zero_fill O0: ok
# O2: zero_fill O2: ok
# G: zero_fill g: ok


@kernel
def fill(item: Item, a: Array[float32], n: int32):
    if item.get_id(0) == 0:
        j = 0
        while j < n:
            a[j] = 0.0
            j += 1


@kernel
def private_fill(item: Item, x: Array[int32], y: Array[int32], n: int32):
    i = item.get_id(0)
    p = private_array(64, int32)
    for j in range(64):
        p[j] = 0
    for j in range(n):
        p[(i + j) % 64] += x[j]
    y[i] = p[i % 64] + p[(i + 1) % 64]
