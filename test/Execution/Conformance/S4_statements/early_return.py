# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make early_return %t
# RUN: kiln-run %s -k ret --range 64 --arg x=@%t/x.npy --arg out=zeros:64 --arg after=zeros:64 --out out=%t/out.npy --out after=%t/out_after.npy
# RUN: %python %S/../Inputs/conformance.py check early_return %t | FileCheck %s
# return ends the work-item early (spec §4): from an if, and from inside a
# for loop nested in the kernel; the statements after it do not run.
# CHECK: early_return: ok


@kernel
def ret(item: Item, x: Array[int32], out: Array[int32], after: Array[int32]):
    i = item.get_id(0)
    out[i] = -1
    if x[i] < 0:
        return
    after[i] = 1
    for j in range(10):
        if j * j > x[i]:
            out[i] = int32(j)
            return
    out[i] = 100
    after[i] = 2
