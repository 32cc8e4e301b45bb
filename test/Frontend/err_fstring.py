# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_fstring.py:5:11: error: f-strings are not supported in kernel code; pass the values to print() as separate arguments
@kernel
def k(item: Item, x: float32):
    print(f"x={x}")
