# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_device_func_array_arg.py:9:11: error: argument 'm' of 'h' must be 'Array[float32, 1]', got 'Array[float32, 2]'
@device_func
def h(m: Array[float32]) -> float32:
    return m[0]

@kernel
def k(item: Item, arr: Array[float32, 2]):
    y = h(arr)
