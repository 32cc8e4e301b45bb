# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_print_array.py:6:11: error: print() accepts scalars and string literals, not a value of type 'PrivateArray[int32, 1]'
@kernel
def k(item: Item):
    p = private_array(4, int32)
    print(private_array(2, int32))
