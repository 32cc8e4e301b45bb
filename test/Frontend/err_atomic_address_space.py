# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_atomic_address_space.py:5:39: error: address_space=AddressSpace.LOCAL does not match array 'a', which is in global memory
@kernel
def k(item: Item, a: Array[int32]):
    r = AtomicRef(a, 0, address_space=AddressSpace.LOCAL)
