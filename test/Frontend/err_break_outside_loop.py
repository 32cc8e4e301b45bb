# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_break_outside_loop.py:6:9: error: 'break' outside a loop
@kernel
def k(item: Item, n: int32):
    if n > 0:
        break
