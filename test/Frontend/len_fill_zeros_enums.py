# RUN: kilnc %s --emit=kiln | FileCheck %s
# len(a) is a.shape[0] (a constant for a private array); PrivateArray(...,
# fill_zeros=True) zeroes the array where the statement runs (scf.for per
# dimension); numba-dpex's memory enums used as values are their integers
# (MemoryOrder.SEQ_CST is 5, MemoryScope.DEVICE 3, AddressSpace.LOCAL 3).
from numba_dpex import kernel_api as kapi
from numba_dpex.kernel_api import MemoryOrder

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[P:.+]] = kiln.private_alloc [2, 3]
# CHECK: kiln.dim %arg1[0]
# CHECK: scf.for
# CHECK: scf.for
# CHECK: kiln.store %c0_i64{{.*}}, %[[P]]
# CHECK: kiln.load %[[P]]
# CHECK: kiln.store %c5_i64, %arg2
# CHECK: kiln.store %c6_i64, %arg2
# CHECK: kiln.store %c2_i64{{.*}}, %arg2
@kernel
def k(item: Item, a: Array[float32], out: Array[int64]):
    out[0] = len(a)
    p = kapi.PrivateArray((2, 3), int64, fill_zeros=True)
    out[1] = p[1, 2]
    out[2] = MemoryOrder.SEQ_CST
    out[3] = kapi.MemoryScope.DEVICE + kapi.AddressSpace.LOCAL
    out[4] = len(p)
