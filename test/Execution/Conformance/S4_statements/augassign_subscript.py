# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make augassign_subscript %t
# RUN: kiln-run %s -k aug --range 32 --arg a=@%t/a.npy --arg c=zeros:2 --arg m=zeros:32x32 --arg e=zeros:32x2 --out a=%t/out_a.npy --out c=%t/out_c.npy --out m=%t/out_m.npy --out e=%t/out_e.npy
# RUN: %python %S/../Inputs/conformance.py check augassign_subscript %t | FileCheck %s
# a[idx] op= v evaluates the target's indices once (docs §7): the index is
# an atomic fetch_add, so a second evaluation would show in the counter and
# in the elements; 1-D and 2-D targets, uint16 elements.
# CHECK: augassign_subscript: ok


@kernel
def aug(item: Item, a: Array[int32], c: Array[int32], m: Array[int32, 2], e: Array[uint16, 2]):
    i = item.get_id(0)
    a[AtomicRef(c, 0).fetch_add(1)] += 5
    m[i, AtomicRef(c, 1).fetch_add(1)] -= 1
    e[i, 0] += 7
    e[i, 1] = 8
    e[i, 1] <<= 2
