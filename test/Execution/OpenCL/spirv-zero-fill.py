# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/spirv_legalize.py make zero_fill %t
# RUN: kiln-run %S/../../Target/spirv-memset-loop.py -k fill -O0 --range 16 --arg a=@%t/a.npy --arg n=70 --out a=%t/O0_a.npy
# RUN: kiln-run %S/../../Target/spirv-memset-loop.py -k private_fill -O0 --range 16 --arg x=@%t/x.npy --arg y=zeros:16 --arg n=70 --out y=%t/O0_y.npy
# RUN: %python %S/Inputs/spirv_legalize.py check zero_fill %t O0 | FileCheck %s --check-prefix=O0
# RUN: kiln-run %S/../../Target/spirv-memset-loop.py -k fill -O2 --range 16 --arg a=@%t/a.npy --arg n=70 --out a=%t/O2_a.npy
# RUN: kiln-run %S/../../Target/spirv-memset-loop.py -k private_fill -O2 --range 16 --arg x=@%t/x.npy --arg y=zeros:16 --arg n=70 --out y=%t/O2_y.npy
# RUN: %python %S/Inputs/spirv_legalize.py check zero_fill %t O2 | FileCheck %s --check-prefix=O2
# RUN: kiln-run %S/../../Target/spirv-memset-loop.py -k fill -O2 -g --range 16 --arg a=@%t/a.npy --arg n=70 --out a=%t/g_a.npy
# RUN: kiln-run %S/../../Target/spirv-memset-loop.py -k private_fill -O2 -g --range 16 --arg x=@%t/x.npy --arg y=zeros:16 --arg n=70 --out y=%t/g_y.npy
# RUN: %python %S/Inputs/spirv_legalize.py check zero_fill %t g | FileCheck %s --check-prefix=G
# Issue 10 item 8, issue 12 item 9 (dpbench's gpairs): a zero-fill loop of
# run-time length becomes `llvm.memset`, which the SPIR path for PoCL
# rejected at -O2 (and with -g for a private array). Compared with NumPy
# on the CPU device.
# O0: zero_fill O0: ok
# O2: zero_fill O2: ok
# G: zero_fill g: ok
# The kernel is test/Target/spirv-memset-loop.py's (which checks the
# generated code); this test runs it.
