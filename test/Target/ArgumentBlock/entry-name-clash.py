# RUN: not kilnc %s --arg-block-entries --target spirv -o %t.spv 2>&1 | FileCheck %s
# A kernel may not carry the name --arg-block-entries gives another
# kernel's entry; the error points at it.

@kernel
def k(item: Item, x: Array[float32]):
    x[item.get_id(0)] = 1.0

@kernel
def k__kiln_argblock(item: Item, x: Array[float32]):
    x[item.get_id(0)] = 2.0

# CHECK: entry-name-clash.py:10:5: error: 'k__kiln_argblock' clashes with the argument-block entry of kernel 'k' (--arg-block-entries)
