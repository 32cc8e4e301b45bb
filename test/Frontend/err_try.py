# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_try.py:5:5: error: exception handling ('try') is not allowed in kernel code
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    try:
        pass
    except Exception:
        pass
