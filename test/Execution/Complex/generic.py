# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/complex_cases.py make generic %t
# RUN: kiln-run %s -k square --device cpu --range 16 --arg a=@%t/a8.npy --arg o=@%t/o8.npy --out o=%t/res_o8.npy
# RUN: kiln-run %s -k square --device cpu --range 16 --arg a=@%t/a16.npy --arg o=@%t/o16.npy --out o=%t/res_o16.npy
# RUN: %python %S/Inputs/complex_cases.py check generic %t | FileCheck %s
# Unannotated parameters take complex64 / complex128 from .npy files whose
# descr is '<c8' / '<c16' (numba-dpex style generic kernel).
# CHECK: generic: ok
from numba_dpex import kernel_api as kapi
import numba_dpex as dpex


@dpex.kernel
def square(item: kapi.Item, a, o):
    i = item.get_id(0)
    o[i] = a[i] * a[i].conjugate() + a[i]
