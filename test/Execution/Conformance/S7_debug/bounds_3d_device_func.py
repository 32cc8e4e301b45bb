# REQUIRES: opencl
# RUN: not kiln-run %s -k copy -g --range 2,3,4 --arg src=zeros:2x3x4 --arg dst=zeros:2x3x4 2>&1 | FileCheck %s
# Debug mode (spec §7): an out-of-bounds load of a 3-D array inside a
# device function is reported at the device function's line, with the 3-D
# index, the shape and the parameter's name.
# CHECK: kiln-run: error: kernel 'copy': out-of-bounds access at line 11, column 12: index ({{[0-1]}}, {{[0-2]}}, 4) outside shape (2, 3, 4) of array 'a'


@device_func
def get(a: Array[float32, 3], i: int64, j: int64, k: int64) -> float32:
    return a[i, j, k + 1]


@kernel
def copy(item: Item, src: Array[float32, 3], dst: Array[float32, 3]):
    i = item.get_id(0)
    j = item.get_id(1)
    k = item.get_id(2)
    dst[i, j, k] = get(src, i, j, k)
