# REQUIRES: opencl
# RUN: not kiln-run %s -k prev -g --range 4 --arg a=zeros:4 2>&1 | FileCheck %s
# Negative indices are not wrapped (spec §4): a[i - 1] at i == 0 is out of
# bounds, reported in debug mode with index -1.
# CHECK: kiln-run: error: kernel 'prev': out-of-bounds access at line 11, column 12: index (-1) outside shape (4) of array 'a'


@kernel
def prev(item: Item, a: Array[int32]):
    i = item.get_id(0)
    a[i] = a[i - 1]
