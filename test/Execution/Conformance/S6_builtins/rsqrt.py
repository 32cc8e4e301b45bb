# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make rsqrt %t
# RUN: kiln-run %s -k r --range 64 --arg x=@%t/x.npy --arg d=@%t/d.npy --arg of=zeros:64 --arg od=zeros:64 --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check rsqrt %t | FileCheck %s
# rsqrt(x) (spec §6) on float32 and float64 over 1e-20..1e20 and inf,
# within 2 ulp.
# CHECK: rsqrt: ok


@kernel
def r(item: Item, x: Array[float32], d: Array[float64], of: Array[float32], od: Array[float64]):
    i = item.get_id(0)
    of[i] = rsqrt(x[i])
    od[i] = rsqrt(d[i])
