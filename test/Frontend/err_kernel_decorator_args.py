# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_kernel_decorator_args.py:3:1: error: unsupported construct: arguments to the kernel decorator
@kernel(debug=True)
def k(item: Item):
    pass
