# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_unindent_mismatch.py:7:9: error: unindent does not match any outer indentation level
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    if n > 0:
            b = 1
        c = 2
