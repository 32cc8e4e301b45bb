# RUN: kilnc %s --emit=kiln | FileCheck %s
# A kernel without a work-item parameter (numba-dpex allows `def k(b):
# b[0] = 42`) gets an Item the source cannot name; it runs once per
# work-item. A kernel without any parameter is one too.

# CHECK-LABEL: kiln.kernel @store_first(
# CHECK-SAME: %arg0: !kiln.item {kiln.name = "item"}
# CHECK-SAME: %arg1: !kiln.array<i32, 1> {{{.*}}kiln.name = "b"}
# CHECK: kiln.store
@kernel
def store_first(b: Array[int32]):
    b[0] = 42


# CHECK-LABEL: kiln.kernel @nothing(
# CHECK-SAME: %arg0: !kiln.item
@kernel
def nothing():
    pass
