# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_array_element_type.py:4:28: error: the element type of an 'Array' must be a scalar type such as float32
@kernel
def k(item: Item, a: Array[Item]):
    pass
