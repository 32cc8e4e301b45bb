# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make device_func_generic %t
# RUN: kiln-run %s -k gen --range 64 --arg b=@%t/b.npy --arg x=@%t/x.npy --arg d=@%t/d.npy --arg n=@%t/n.npy --arg ob=zeros:64 --arg of=zeros:64 --arg od=zeros:64 --arg on=zeros:64 --arg orr=zeros:64x2 --out ob=%t/out_b.npy --out of=%t/out_f.npy --out od=%t/out_d.npy --out on=%t/out_n.npy --out orr=%t/out_r.npy
# RUN: %python %S/../Inputs/conformance.py check device_func_generic %t | FileCheck %s
# Generic device functions (docs §9): one specialization per argument
# types (int8 wraps, float32, float64, int32 with a literal that is
# int64), and a Constant[T] parameter specialized on its value.
# CHECK: device_func_generic: ok


@device_func
def add(x, y):
    return x + y


@device_func
def rep(x: int32, n: Constant[int32]) -> int32:
    s = x
    for k in range(n - 1):
        s += x
    return s


@kernel
def gen(item: Item, b: Array[int8], x: Array[float32], d: Array[float64], n: Array[int32],
        ob: Array[int8], of: Array[float32], od: Array[float64], on: Array[int64],
        orr: Array[int32, 2]):
    i = item.get_id(0)
    ob[i] = add(b[i], b[i])
    of[i] = add(x[i], x[i])
    od[i] = add(d[i], d[i])
    on[i] = add(n[i], 1)
    orr[i, 0] = rep(n[i], 3)
    orr[i, 1] = rep(n[i], 5)
