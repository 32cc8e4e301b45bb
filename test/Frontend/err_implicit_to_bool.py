# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_implicit_to_bool.py:7:9: error: cannot implicitly convert 'int32' to 'bool' in assignment to 'b'; use an explicit cast such as bool(...)
# Integer -> bool needs an explicit bool(x) (spec §4) for an annotated local.
@kernel
def k(it: Item, out: Array[bool], x: Array[int32]):
    b: bool = out[0]
    b = x[0]
