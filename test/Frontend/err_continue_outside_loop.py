# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_continue_outside_loop.py:8:9: error: 'continue' outside a loop
@kernel
def k(item: Item, n: int32):
    for i in range(n):
        pass
    else:
        continue
