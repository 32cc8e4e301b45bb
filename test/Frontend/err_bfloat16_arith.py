# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Arithmetic on bfloat16 gives float32, which does not convert back
# implicitly.
# CHECK: {{.*}}err_bfloat16_arith.py:7:5: error: cannot implicitly convert 'float32' to 'bfloat16' in augmented assignment; use an explicit cast such as bfloat16(...)
@kernel
def k(item: Item, x: bfloat16):
    x += 1.0
