# REQUIRES: opencl
# RUN: not kiln-run %s -k down -g --range 4,5 --arg b=zeros:4x5 2>&1 | FileCheck %s
# Debug mode (spec §7): an out-of-bounds store to a 2-D global array (row
# 4 of 4) is dropped and reported with the index and shape.
# CHECK: kiln-run: error: kernel 'down': out-of-bounds access at line 12, column 5: index (4, {{[0-4]}}) outside shape (4, 5) of array 'b'


@kernel
def down(item: Item, b: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    b[i + 1, j] = 1.0
