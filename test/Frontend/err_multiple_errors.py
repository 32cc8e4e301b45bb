# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Independent errors in several statements and kernels are all reported, in
# one run, each with its source line and caret.

# CHECK: {{.*}}err_multiple_errors.py:18:11: error: lists and list comprehensions are not allowed in kernel code
# CHECK-NEXT: {{^}}    bad = [1, 2]
# CHECK-NEXT: {{^}}          ^
# CHECK: {{.*}}err_multiple_errors.py:16:9: error: cannot implicitly convert a float literal to 'int64'; use an explicit cast
# CHECK-NEXT: {{^}}    x = 2.5
# CHECK-NEXT: {{^}}        ^
# CHECK: {{.*}}err_multiple_errors.py:17:9: error: use of undefined name 'nope'
# CHECK: {{.*}}err_multiple_errors.py:23:21: error: dimension 5 is out of range for 'get_id' (0 to 2)
@kernel
def first(item: Item, a: Array[float32]):
    x = 0
    x = 2.5
    y = nope
    bad = [1, 2]
    a[0] = 1.0

@kernel
def second(item: Item):
    i = item.get_id(5)
