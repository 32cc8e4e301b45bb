# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make generic_kernel %t
# RUN: kiln-run %s -k affine --range 6,7 --arg a=@%t/a.npy --out a=%t/out_a.npy
# RUN: kiln-run %s -k affine --range 6,7 --arg a=@%t/b.npy --out a=%t/out_b.npy
# RUN: %python %S/../Inputs/conformance.py check generic_kernel %t | FileCheck %s
# A generic (unannotated) parameter is specialized from the argument's
# dtype and rank (spec §2): once as Array[uint16, 2] (wrapping, the weak
# literals take uint16), once as Array[float64, 2].
# CHECK: generic_kernel: ok


@kernel
def affine(item: Item, a):
    i = item.get_id(0)
    j = item.get_id(1)
    a[i, j] = a[i, j] * 3 + 1
