# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_implicit_float_narrowing.py:7:9: error: cannot implicitly convert 'float32' to 'float16' in assignment to 'h'; use an explicit cast such as float16(...)
# float32 -> float16 is not implicit-safe (spec §4).
@kernel
def k(it: Item, out: Array[float16], x: Array[float32]):
    h: float16 = 0.0
    h = x[0]
    out[0] = h
