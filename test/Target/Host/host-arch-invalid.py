# RUN: not kilnc %s --target host --arch pentium9 -o %t.so 2>&1 | FileCheck %s
# RUN: not kilnc %s --target host --arch sparc:v9 -o %t.so 2>&1 | FileCheck %s --check-prefix=OTHER
# The host target's --arch is checked before the compile starts.
# CHECK: kilnc: error: unknown host architecture 'pentium9': LLVM knows no x86_64 CPU 'pentium9' (expected native, a CPU name such as x86-64-v3, or ARCH:CPU such as aarch64:cortex-a72)
# OTHER: kilnc: error: unknown host architecture 'sparc:v9': the host target knows x86_64 and aarch64
from kiln import kernel, Item, Array, float32


@kernel
def k(item: Item, x: Array[float32]):
    x[item.get_id(0)] = 1.0
