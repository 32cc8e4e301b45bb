# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_min_one_arg.py:5:9: error: 'min' needs at least two numbers (iterables are not supported)
@kernel
def k(item: Item, x: float32):
    y = min(x)
