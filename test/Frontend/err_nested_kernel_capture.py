# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A variable a nested kernel closes over needs its value, given like a
# Constant value; the error is at its use. A top-level kernel's unknown
# name is still an undefined name.
# CHECK: err_nested_kernel_capture.py:12:20: error: kernel 'scaled' is defined inside a function and uses its variable 'scale': give its value as a compile-time constant, as for a Constant parameter (kiln-run --arg scale=VALUE, kilnc --signature 'scaled:scale=VALUE')
# CHECK: err_nested_kernel_capture.py:17:19: error: use of undefined name 'scale'
def make(scale):
    @kernel
    def scaled(item: Item, a: Array[float32]):
        i = item.get_id(0)
        x = a[i]
        a[i] = x * scale


@kernel
def top(item: Item, a: Array[float32]):
    a[0] = a[0] * scale
