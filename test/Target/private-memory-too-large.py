# RUN: not kilnc %s -k k --target spirv -o %t.spv 2>&1 | FileCheck %s
# RUN: not kilnc %s -k k --target ptx -o %t.ptx 2>&1 | FileCheck %s
# RUN: not kilnc %s -k through_device_func --target spirv -o %t.spv 2>&1 | FileCheck %s --check-prefix=CALLEE
# private_array sizes no device can give a work-item (more than 16 MiB; the
# runtime checks smaller ones against the device) are located errors at
# compile time, counting the device functions a kernel calls. This kernel
# compiled, then died with SIGSEGV on PoCL.
# CHECK: private-memory-too-large.py:[[# @LINE + 5]]:9: error: private memory of kernel 'k' reaches 1073741824 bytes per work-item with this private_array (1073741824 bytes), more than the 16777216 bytes any device gives a work-item


@kernel
def k(item: Item, a: Array[float32]):
    p = private_array(268435456, float32)
    p[0] = 1.0
    a[item.get_id(0)] = p[0]


# The kernel's 4 bytes plus the callee's 16 MiB cross the limit at the callee.
# CALLEE: private-memory-too-large.py:[[# @LINE + 3]]:9: error: private memory of kernel 'through_device_func' reaches 16777220 bytes per work-item with this private_array (16777216 bytes), more than the 16777216 bytes any device gives a work-item
@device_func
def scratch(i: int64) -> float64:
    q = private_array(2097152, float64)
    q[0] = 2.0
    return q[i % 4]


@kernel
def through_device_func(item: Item, a: Array[float64]):
    r = private_array(1, int32)
    r[0] = 3
    a[item.get_id(0)] = scratch(item.get_id(0)) + float64(r[0])
