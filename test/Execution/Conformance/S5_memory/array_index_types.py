# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make array_index_types %t
# RUN: kiln-run %s -k gather --range 40 --arg a=@%t/a.npy --arg out=zeros:40x4 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check array_index_types %t | FileCheck %s
# Indices of any integer type (docs §4): int8, uint8 (zero-extended, >127
# would matter), int32, uint64.
# CHECK: array_index_types: ok


@kernel
def gather(item: Item, a: Array[float32], out: Array[float32, 2]):
    i = item.get_id(0)
    k8 = int8(i)
    u8 = uint8(39 - i)
    k32 = int32(i * 7 % 40)
    u64 = uint64(i // 2)
    out[i, 0] = a[k8]
    out[i, 1] = a[u8]
    out[i, 2] = a[k32]
    out[i, 3] = a[u64]
