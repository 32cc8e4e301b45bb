# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_generic_kernel.py:4:19: error: kernel 'k' has the generic parameter 'n' and must be specialized with its type (or annotate it)
@kernel
def k(item: Item, n):
    pass
