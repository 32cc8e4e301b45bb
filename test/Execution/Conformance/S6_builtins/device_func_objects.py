# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make device_func_objects %t
# RUN: kiln-run %s -k objs --nd-range 64:16 --arg m=@%t/m.npy --arg os=zeros:64 --arg orr=zeros:64 --arg op=zeros:64 --arg og=zeros:64 --out os=%t/out_s.npy --out orr=%t/out_r.npy --out op=%t/out_p.npy --out og=%t/out_g.npy
# RUN: %python %S/../Inputs/conformance.py check device_func_objects %t | FileCheck %s
# Device function parameters of every kind (spec §3, docs §9): a 2-D
# global array (by reference, with .shape), an NdItem and a local_array
# passed as LocalAccessor (with a group_barrier inside the function), a
# private_array passed as PrivateArray, a Group.
# CHECK: device_func_objects: ok


@device_func
def row_sum(m: Array[float32, 2], r: int64) -> float32:
    s: float32 = 0.0
    for c in range(m.shape[1]):
        s += m[r, c]
    return s


@device_func
def reverse_local(it: NdItem, tmp: LocalAccessor[int32], v: int32) -> int32:
    l = it.get_local_id(0)
    tmp[l] = v
    group_barrier(it.get_group())
    return tmp[it.get_local_range(0) - 1 - l]


@device_func
def pmax(p: PrivateArray[float32, 1]) -> float32:
    m = p[0]
    for k in range(1, p.shape[0]):
        if p[k] > m:
            m = p[k]
    return m


@device_func
def group_code(g: Group) -> int64:
    return g.get_group_id(0) * 100 + g.get_local_range(0)


@kernel
def objs(it: NdItem, m: Array[float32, 2], os: Array[float32], orr: Array[int32],
         op: Array[float32], og: Array[int64]):
    i = it.get_global_id(0)
    os[i] = row_sum(m, i)
    t = local_array(16, int32)
    orr[i] = reverse_local(it, t, int32(i) * 3)
    p = private_array(8, float32)
    for k in range(8):
        p[k] = m[i, k]
    op[i] = pmax(p)
    og[i] = group_code(it.get_group())
