# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make math_int_args %t
# RUN: kiln-run %s -k ia --range 64 --arg i=@%t/i.npy --arg l=@%t/l.npy --arg x=@%t/x.npy --arg d=@%t/d.npy --arg of=zeros:64x2 --arg od=zeros:64x2 --arg ol=zeros:64 --out of=%t/out_f.npy --out od=%t/out_d.npy --out ol=%t/out_l.npy
# RUN: %python %S/../Inputs/conformance.py check math_int_args %t | FileCheck %s
# math functions with integer and mixed arguments (docs §8.2): an int32
# argument computes in float32, an int64 in float64; float32 with float64
# promotes to float64; floor returns a float, cast back with int64().
# Results go to float64 arrays, so a float32 computation shows.
# CHECK: math_int_args: ok
import math


@kernel
def ia(item: Item, i: Array[int32], l: Array[int64], x: Array[float32], d: Array[float64],
       of: Array[float64, 2], od: Array[float64, 2], ol: Array[int64]):
    k = item.get_id(0)
    of[k, 0] = math.sqrt(i[k])
    of[k, 1] = math.exp(i[k] % 20)
    od[k, 0] = math.sqrt(l[k])
    od[k, 1] = math.atan2(x[k], d[k])
    ol[k] = int64(math.floor(x[k]))
