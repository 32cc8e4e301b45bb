# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A function whose decorator looks like a kernel decorator of a module
# Kiln does not know is not compiled, with a located warning (spec §1, v2)
# instead of silence; Kiln's and numba-dpex's decorators are compiled.
import numba_dpex as dpex
import numba.cuda as cuda

# CHECK: warn_unknown_kernel_decorator.py:[[@LINE+1]]:1: warning: function 'k1' is not compiled: 'nd.kernel' is not a decorator of Kiln or numba-dpex (import kiln or numba_dpex under the name used)
@nd.kernel
def k1(item: Item, a: Array[int64]):
    a[0] = 1


# CHECK: warn_unknown_kernel_decorator.py:[[@LINE+1]]:1: warning: function 'k2' is not compiled: 'cuda.kernel' is not a decorator
@cuda.kernel(debug=True)
def k2(item: Item, a: Array[int64]):
    a[0] = 1


# CHECK-NOT: warning
# CHECK-LABEL: kiln.kernel @k3(
@dpex.kernel
def k3(item: Item, a: Array[int64]):
    a[0] = 1
