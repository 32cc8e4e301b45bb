# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_print_keyword.py:5:14: error: print() keyword arguments ('sep=') are not supported: arguments are separated by one space and the line ends with a newline
@kernel
def k(item: Item, x: float32):
    print(x, sep=",")
