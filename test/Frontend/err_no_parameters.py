# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_no_parameters.py:4:5: error: kernel 'k' must take an 'Item' or an 'NdItem' as its first parameter
@kernel
def k():
    pass
