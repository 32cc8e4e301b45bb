# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_select_arity.py:5:9: error: 'select' takes exactly 3 arguments, got 2
@kernel
def k(item: Item, x: float32):
    y = select(x > 0.0, x)
