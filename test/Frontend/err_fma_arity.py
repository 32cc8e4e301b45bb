# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_fma_arity.py:6:14: error: 'fma' takes exactly 3 arguments, got 2
# fma(a, b, c) takes three arguments (spec §6).
@kernel
def k(it: Item, out: Array[float32]):
    out[0] = fma(out[1], out[2])
