# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make chained_assign %t
# RUN: kiln-run %s -k chain --range 64 --arg x=@%t/x.npy --arg oi=zeros:64x4 --arg of=zeros:64x2 --out oi=%t/out_i.npy --out of=%t/out_f.npy
# RUN: %python %S/../Inputs/conformance.py check chained_assign %t | FileCheck %s
# Chained assignment a = b = v (docs §5): v evaluated once and given to
# each target (locals and array elements), a literal to targets of
# different types (int8 and float32).
# CHECK: chained_assign: ok


@kernel
def chain(item: Item, x: Array[int32], oi: Array[int64, 2], of: Array[float32, 2]):
    i = item.get_id(0)
    p = q = x[i] * 2
    small: int8 = 5
    real: float32 = 1.5
    small = real = 0
    oi[i, 0] = p
    oi[i, 1] = q
    oi[i, 2] = small
    oi[i, 3] = of[i, 1] = p
    of[i, 0] = real
