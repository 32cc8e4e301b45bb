# REQUIRES: opencl
# RUN: not kiln-run %s -k fill -g --range 4 --arg a=zeros:4 2>&1 | FileCheck %s
# Debug mode (spec §7): a loop writing one element past a private_array is
# reported with the index, the shape and the variable's name.
# CHECK: kiln-run: error: kernel 'fill': out-of-bounds access at line 14, column 9: index (4) outside shape (4) of array 'p'


@kernel
def fill(item: Item, a: Array[int32]):
    i = item.get_id(0)
    p = private_array(4, int32)
    k = 0
    while k < 5:
        p[k] = 7
        k += 1
    a[i] = p[0]
