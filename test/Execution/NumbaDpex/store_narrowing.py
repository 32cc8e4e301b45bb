# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/dpex_language.py make store_narrowing %t
# RUN: kiln-run %s -k narrow --device cpu --range 4 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg f=@%t/f.npy --arg i8=@%t/i8.npy --arg u16=@%t/u16.npy --out f=%t/res_f.npy --out i8=%t/res_i8.npy --out u16=%t/res_u16.npy
# RUN: %python %S/Inputs/dpex_language.py check store_narrowing %t | FileCheck %s
# A store converts the value to the element type as NumPy's item
# assignment does (issue 12 item 7, spec §5 v2): float64 rounds to
# float32 (also through `+=`), int64 wraps into int8 and uint16. On the
# CPU device against NumPy.
# CHECK: store_narrowing: ok


@kernel
def narrow(item: Item, x: Array[float64], n: Array[int64], f: Array[float32],
           i8: Array[int8], u16: Array[uint16]):
    i = item.get_id(0)
    f[i] = x[i]
    f[i] += x[i]
    i8[i] = n[i]
    u16[i] = n[i]
