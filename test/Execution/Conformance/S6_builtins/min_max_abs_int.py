# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make min_max_abs_int %t
# RUN: kiln-run %s -k mm --range 128 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg c=@%t/c.npy --arg u=@%t/u.npy --arg v=@%t/v.npy --arg s=@%t/s.npy --arg f=@%t/f.npy --arg oi=zeros:128x5 --arg ou=zeros:128x2 --arg os=zeros:128x3 --arg of=zeros:128 --out oi=%t/out_i.npy --out ou=%t/out_u.npy --out os=%t/out_s.npy --out of=%t/out_f.npy
# RUN: %python %S/../Inputs/conformance.py check min_max_abs_int %t | FileCheck %s
# min, max (2 and 3 arguments), abs on integers (spec §6): signed int32,
# unsigned uint32 (values above 2**31), int8 with weak literals staying
# int8, abs(INT_MIN) wraps, max(int32, float32) is float32.
# CHECK: min_max_abs_int: ok


@kernel
def mm(item: Item, a: Array[int32], b: Array[int32], c: Array[int32], u: Array[uint32],
       v: Array[uint32], s: Array[int8], f: Array[float32], oi: Array[int32, 2],
       ou: Array[uint32, 2], os: Array[int8, 2], of: Array[float32]):
    i = item.get_id(0)
    oi[i, 0] = min(a[i], b[i])
    oi[i, 1] = max(a[i], b[i])
    oi[i, 2] = min(a[i], b[i], c[i])
    oi[i, 3] = max(a[i], b[i], c[i])
    oi[i, 4] = abs(a[i])
    ou[i, 0] = min(u[i], v[i])
    ou[i, 1] = max(u[i], v[i])
    os[i, 0] = min(s[i], 1)
    os[i, 1] = max(s[i], -3)
    os[i, 2] = abs(s[i])
    of[i] = max(a[i], f[i])
