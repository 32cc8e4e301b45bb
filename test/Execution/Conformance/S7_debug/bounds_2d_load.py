# REQUIRES: opencl
# RUN: not kiln-run %s -k shift -g --range 4,5 --arg a=zeros:4x5 --arg b=zeros:4x5 --out b=%t.npy 2>&1 | FileCheck %s
# RUN: kiln-run %s -k shift --range 4,4 --arg a=zeros:4x5 --arg b=zeros:4x5 | FileCheck %s --check-prefix=INBOUNDS
# Debug mode (spec §7): an out-of-bounds load from a 2-D global array (the
# last column reads column 5 of 5) is not performed and reported with
# kernel, line, column, the 2-D index, the shape and the array's name.
# CHECK: kiln-run: error: kernel 'shift': out-of-bounds access at line 15, column 15: index ({{[0-3]}}, 5) outside shape (4, 5) of array 'a'
# INBOUNDS: ran shift over Range(4, 4)


@kernel
def shift(item: Item, a: Array[float32, 2], b: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    b[i, j] = a[i, j + 1]
