# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_inconsistent_tabs.py:6:2: error: inconsistent use of tabs and spaces in indentation
@kernel
def k(item: Item, a: Array[float32], m: Array[int32, 2], n: int32, x: float32, u: uint32, i8v: int8):
    if n > 0:
	b = 1
