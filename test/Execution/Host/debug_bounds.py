# REQUIRES: host
# RUN: not kiln-run %s -k shift -g --device host --range 16 --arg a=zeros:16 --arg b=zeros:16 --out b=%t.npy 2>&1 | FileCheck %s
# RUN: kiln-run %s -k shift -g --device host --range 15 --arg a=zeros:16 --arg b=zeros:16 | FileCheck %s --check-prefix=INBOUNDS
# RUN: not kiln-run %s -k rows -g --device host --range 4,9 --arg m=zeros:4x8 2>&1 | FileCheck %s --check-prefix=ROWS
# Debug mode (-g) on the native CPU device: the out-of-bounds access is not
# performed and is reported with kernel, line, array, index and shape at
# the next synchronisation (the DebugRecord in host memory, the work-group
# function's inlined lines).
# CHECK: kiln-run: error: kernel 'shift': out-of-bounds access at line 17, column 12: index (16) outside shape (16) of array 'a'
# INBOUNDS: ran shift over Range(15) on host
# ROWS: kiln-run: error: kernel 'rows': out-of-bounds access at line 24, column 5: index ({{[0-3]}}, 8) outside shape (4, 8) of array 'm'


@kernel
def shift(item: Item, a: Array[float32], b: Array[float32]):
    i = item.get_id(0)
    b[i] = a[i + 1]


@kernel
def rows(item: Item, m: Array[float32, 2]):
    r = item.get_id(0)
    c = item.get_id(1)
    m[r, c] = 1.0
