# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_string_literal.py:5:12: error: string literal not allowed here
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    a[0] = 'text'
