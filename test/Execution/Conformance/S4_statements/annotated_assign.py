# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make annotated_assign %t
# RUN: kiln-run %s -k ann --range 64 --arg x=@%t/x.npy --arg out=zeros:64x4 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check annotated_assign %t | FileCheck %s
# Annotated assignment fixes a local's type (spec §2): z: float32 = 0 then
# z = int32 (implicit int -> float), w: int16 wraps on *=, u: uint8 wraps
# on +=, a later float assignment to a float64 local.
# CHECK: annotated_assign: ok


@kernel
def ann(item: Item, x: Array[int32], out: Array[float64, 2]):
    i = item.get_id(0)
    z: float32 = 0
    z = x[i]
    w: int16 = int16(x[i])
    w *= 10000
    u: uint8 = 255
    u += uint8(x[i] & 1)
    d: float64 = 0
    d = x[i] + 0.5
    out[i, 0] = z
    out[i, 1] = w
    out[i, 2] = u
    out[i, 3] = d
