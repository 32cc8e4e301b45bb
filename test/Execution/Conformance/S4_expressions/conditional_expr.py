# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make conditional_expr %t
# RUN: kiln-run %s -k cond -g --range 80 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg ol=zeros:80 --arg od=zeros:64 --arg os=zeros:64x2 --arg on=zeros:64 --out ol=%t/out_load.npy --out od=%t/out_div.npy --out os=%t/out_sel.npy --out on=%t/out_nest.npy
# RUN: %python %S/../Inputs/conformance.py check conditional_expr %t | FileCheck %s
# RUN: kiln-run %s -k cond --range 80 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg ol=zeros:80 --arg od=zeros:64 --arg os=zeros:64x2 --arg on=zeros:64 --out ol=%t/out_load.npy --out od=%t/out_div.npy --out os=%t/out_sel.npy --out on=%t/out_nest.npy
# RUN: %python %S/../Inputs/conformance.py check conditional_expr %t | FileCheck %s
# a if c else b (spec §4) evaluates only the chosen arm: a guarded load
# (checked in debug mode) and a guarded integer division by zero; plain
# and nested conditional expressions.
# CHECK: conditional_expr: ok


@kernel
def cond(item: Item, x: Array[float32], n: Array[int32], ol: Array[float32], od: Array[int32],
         os: Array[float32, 2], on: Array[int64]):
    i = item.get_id(0)
    ol[i] = x[i] if i < 64 else -1.0
    if i < 64:
        od[i] = 7 // n[i] if n[i] != 0 else 0
        os[i, 0] = x[i] if x[i] > 0 else -x[i]
        os[i, 1] = x[i] * 2 if n[i] > 0 else x[i] + 1
        on[i] = 1 if n[i] > 0 else (0 if n[i] == 0 else -1)
