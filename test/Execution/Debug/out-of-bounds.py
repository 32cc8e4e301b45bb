# REQUIRES: opencl
# RUN: not kiln-run %s -k shift -g --range 16 --arg a=zeros:16 --arg b=zeros:16 --out b=%t.npy 2>&1 | FileCheck %s
# RUN: kiln-run %s -k shift --range 15 --arg a=zeros:16 --arg b=zeros:16 | FileCheck %s --check-prefix=INBOUNDS
# Debug mode (-g): the out-of-bounds read of work-item 15 is not performed
# and is reported with kernel, line, array, index and shape at the next
# synchronisation; the launch fails instead of reading garbage.
# CHECK: kiln-run: error: kernel 'shift': out-of-bounds access at line 14, column 12: index (16) outside shape (16) of array 'a'
# INBOUNDS: ran shift over Range(15)


@kernel
def shift(item: Item, a: Array[float32], b: Array[float32]):
    i = item.get_id(0)
    b[i] = a[i + 1]
