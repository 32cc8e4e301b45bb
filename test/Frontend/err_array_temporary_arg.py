# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_array_temporary_arg.py:5:11: error: argument 't' of 'f': assign the array to a variable and pass the variable
@kernel
def k(it: NdItem):
    x = f(local_array(4, float32))

@device_func
def f(t: LocalAccessor[float32]) -> float32:
    return t[0]
