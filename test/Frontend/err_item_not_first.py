# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_item_not_first.py:4:24: error: only the first parameter of a kernel can be an 'Item'
@kernel
def k(item: Item, it2: Item):
    pass
