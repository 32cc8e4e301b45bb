# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_kernel_decorator_args.py:5:9: error: unknown kernel decorator argument 'debug'; only 'numba_typing', 'max_work_group_size' and 'min_work_groups_per_cu' are accepted (debug mode and the optimization level are compile options)
# CHECK: {{.*}}err_kernel_decorator_args.py:9:1: error: unsupported construct: arguments to the kernel decorator
# CHECK: {{.*}}err_kernel_decorator_args.py:13:22: error: 'numba_typing' must be True or False
@kernel(debug=True)
def k(item: Item):
    pass

@kernel("void()")
def positional(item: Item):
    pass

@kernel(numba_typing=1)
def not_bool(item: Item):
    pass
