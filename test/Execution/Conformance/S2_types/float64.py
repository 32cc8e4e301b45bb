# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make float64 %t
# RUN: kiln-run %s -k ops --range 256 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg out=zeros:256x10 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check float64 %t | FileCheck %s
# float64 + - * / and negation are IEEE (correctly rounded, exact match with
# NumPy) incl. inf, nan and -0.0; comparisons are ordered, != unordered;
# float literals are weak (x * 2.0 and x + 0.1 stay float64).
# CHECK: float64: ok


@kernel
def ops(item: Item, a: Array[float64], b: Array[float64], out: Array[float64, 2]):
    i = item.get_id(0)
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = x / y
    out[i, 4] = -x
    out[i, 5] = x < y
    out[i, 6] = x == y
    out[i, 7] = x != y
    out[i, 8] = x * 2.0
    out[i, 9] = x + 0.1
