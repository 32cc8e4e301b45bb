# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make pow_int_runtime %t
# RUN: kiln-run %s -k pw -O0 --range 64 --arg i=@%t/i.npy --arg e=@%t/e.npy --arg l=@%t/l.npy --arg u=@%t/u.npy --arg oi=zeros:64 --arg ol=zeros:64 --arg ou=zeros:64 --out oi=%t/out_i.npy --out ol=%t/out_l.npy --out ou=%t/out_u.npy
# RUN: %python %S/../Inputs/conformance.py check pow_int_runtime %t | FileCheck %s
# RUN: kiln-run %s -k pw --range 64 --arg i=@%t/i.npy --arg e=@%t/e.npy --arg l=@%t/l.npy --arg u=@%t/u.npy --arg oi=zeros:64 --arg ol=zeros:64 --arg ou=zeros:64 --out oi=%t/out_i.npy --out ol=%t/out_l.npy --out ou=%t/out_u.npy
# RUN: %python %S/../Inputs/conformance.py check pow_int_runtime %t | FileCheck %s
# Integer ** with a run-time non-negative exponent is integer
# exponentiation that wraps (spec §4): int32, int64, uint8.
# Run at -O0 and at the default -O2.
# CHECK: pow_int_runtime: ok


@kernel
def pw(item: Item, i: Array[int32], e: Array[int32], l: Array[int64], u: Array[uint8],
       oi: Array[int32], ol: Array[int64], ou: Array[uint8]):
    k = item.get_id(0)
    oi[k] = i[k] ** e[k]
    ol[k] = l[k] ** e[k]
    m = uint8(e[k] % 9)
    ou[k] = u[k] ** m
