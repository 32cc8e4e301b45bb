# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make select %t
# RUN: kiln-run %s -k sel --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg x=@%t/x.npy --arg oi=zeros:64 --arg of=zeros:64 --arg ob=zeros:64 --out oi=%t/out_i.npy --out of=%t/out_f.npy --out ob=%t/out_b.npy
# RUN: %python %S/../Inputs/conformance.py check select %t | FileCheck %s
# select(c, a, b) (spec §6): int32 and float32 operands, a weak literal
# arm, and a literal pair taking the default int64 type.
# CHECK: select: ok


@kernel
def sel(item: Item, a: Array[int32], b: Array[int32], x: Array[float32], oi: Array[int32],
        of: Array[float32], ob: Array[int64]):
    i = item.get_id(0)
    oi[i] = select(a[i] > b[i], a[i], b[i])
    of[i] = select(x[i] > 0, x[i] * 2, -1.0)
    ob[i] = select(a[i] % 2 == 0, 1, -1)
