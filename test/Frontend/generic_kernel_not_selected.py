# RUN: kilnc %s -k plain --emit=kiln | FileCheck %s
# RUN: not kilnc %s -k scale --emit=kiln 2>&1 | FileCheck %s --check-prefix=SELECTED
# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s --check-prefix=ALL
# RUN: kilnc %s --emit=kiln --signature "scale:a=Array[float32]" | FileCheck %s --check-prefix=BOTH
# A compile of one kernel (-k, FrontendOptions::kernel) leaves out the
# generic kernels it does not select (issue 12 item 9); the selected one,
# or a compile of every kernel, still needs its signature.
# BOTH: kiln.kernel @scale(
# BOTH: kiln.kernel @plain(
# CHECK-NOT: kiln.kernel @scale
# CHECK: kiln.kernel @plain(
# CHECK-NOT: kiln.kernel @scale
# SELECTED: generic_kernel_not_selected.py:[[@LINE+3]]:35: error: kernel 'scale' has the generic parameter 'a' and must be specialized with its type (or annotate it)
# ALL: generic_kernel_not_selected.py:[[@LINE+2]]:35: error: kernel 'scale' has the generic parameter 'a'
@kernel
def scale(item: Item, f: float32, a):
    a[item.get_id(0)] *= f


@kernel
def plain(item: Item, a: Array[float32]):
    a[item.get_id(0)] = 1.0
