# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make short_circuit %t
# RUN: kiln-run %s -k sc -g --range 80 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg oa=zeros:80 --arg oo=zeros:80 --arg od=zeros:80 --arg ov=zeros:64x2 --out oa=%t/out_and.npy --out oo=%t/out_or.npy --out od=%t/out_div.npy --out ov=%t/out_v.npy
# RUN: %python %S/../Inputs/conformance.py check short_circuit %t | FileCheck %s
# RUN: kiln-run %s -k sc --range 80 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg oa=zeros:80 --arg oo=zeros:80 --arg od=zeros:80 --arg ov=zeros:64x2 --out oa=%t/out_and.npy --out oo=%t/out_or.npy --out od=%t/out_div.npy --out ov=%t/out_v.npy
# RUN: %python %S/../Inputs/conformance.py check short_circuit %t | FileCheck %s
# and / or short-circuit (spec §4): the right operand is not evaluated when
# the left decides -- observable without side effects: in debug mode the
# guarded x[i] (i >= 64) would be reported out of bounds, and the guarded
# 5 // n[i] would divide by zero. and/or yield bool (docs §6.3).
# CHECK: short_circuit: ok


@kernel
def sc(item: Item, x: Array[float32], n: Array[int32], oa: Array[bool], oo: Array[bool],
       od: Array[bool], ov: Array[bool, 2]):
    i = item.get_id(0)
    oa[i] = i < 64 and x[i] > 0
    oo[i] = i >= 64 or x[i] > 0
    od[i] = i < 64 and n[i] != 0 and 5 // n[i] > 0
    if i < 64:
        ov[i, 0] = n[i] and x[i]
        ov[i, 1] = n[i] or x[i]
