# RUN: not kilnc %s --target ptx 2>&1 | FileCheck %s
# RUN: not kilnc %s --target spirv 2>&1 | FileCheck %s
# An external device function that no linked library (--link, libdevice)
# defines is an error at its @device_func(extern=True) declaration, with
# the source line, for every target (it had no location).

# CHECK: extern-unresolved.py:[[@LINE+9]]:5: error: unresolved external device function 'helper': no linked LLVM IR/bitcode library defines it (--link)
# CHECK-NEXT: def helper(x: float32) -> float32:
# CHECK-NEXT: {{^    \^$}}
@kernel
def k(item: Item, a: Array[float32]):
    a[0] = helper(a[1])


@device_func(extern=True)
def helper(x: float32) -> float32:
    ...
