# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make device_func_calls %t
# RUN: kiln-run %s -k calls --range 64 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg of=zeros:64 --arg oi=zeros:64x3 --arg w=zeros:64x2 --out of=%t/out_f.npy --out oi=%t/out_i.npy --out w=%t/out_w.npy
# RUN: %python %S/../Inputs/conformance.py check device_func_calls %t | FileCheck %s
# Device functions (spec §3): calls between them (defined before and
# after the kernel), keyword arguments in any order, implicit conversion
# of arguments and results, early returns, an inferred result type, a
# function without a result that writes an array.
# CHECK: device_func_calls: ok


@device_func
def clamp(v: float32, lo: float32, hi: float32) -> float32:
    return min(max(v, lo), hi)


@kernel
def calls(item: Item, x: Array[float32], n: Array[int32], of: Array[float32],
          oi: Array[int64, 2], w: Array[int32, 2]):
    i = item.get_id(0)
    of[i] = scale(clamp(x[i], hi=1.0, lo=-1.0), n[i])
    oi[i, 0] = classify(n[i])
    oi[i, 1] = twice(twice(n[i]))
    oi[i, 2] = thrice_of_twice(k=n[i])
    fill_row(w, i)


@device_func
def scale(v: float32, k: int32) -> float32:
    return v * 2 + k


@device_func
def classify(k: int32) -> int64:
    if k < 0:
        return -1
    if k == 0:
        return 0
    return 1


@device_func
def twice(k: int32):
    return k * 2


@device_func
def thrice_of_twice(k: int32):
    return twice(k) * 3


@device_func
def fill_row(w: Array[int32, 2], i: int64) -> None:
    w[i, 0] = int32(i)
    w[i, 1] = int32(i * 2)
