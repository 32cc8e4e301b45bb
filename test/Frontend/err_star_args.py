# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_star_args.py:4:19: error: variadic and keyword-only parameter markers are not allowed in kernels
@kernel
def k(item: Item, *rest):
    pass
