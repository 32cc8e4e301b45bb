# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make constant_param %t
# RUN: kiln-run %s -k scaled --range 16 --arg x=@%t/x.npy --arg n=5 --arg h=0.5 --arg out=zeros:16x5 --out out=%t/out.npy
# RUN: %python %S/../Inputs/conformance.py check constant_param %t | FileCheck %s
# Constant[T] parameters (spec §2) are fixed at specialization from --arg:
# usable as a range bound and in a private_array shape.
# CHECK: constant_param: ok


@kernel
def scaled(item: Item, x: Array[float32], n: Constant[int32], h: Constant[float32],
           out: Array[float32, 2]):
    i = item.get_id(0)
    p = private_array(n, float32)
    for k in range(n):
        p[k] = x[i] * k * h
    for k in range(p.shape[0]):
        out[i, k] = p[k]
