# RUN: %python %S/Inputs/deep_source.py calls 20000 > %t.py
# RUN: not kilnc %t.py 2>&1 | FileCheck %s
# RUN: %python %S/Inputs/deep_source.py calls 450 > %t.ok.py
# RUN: kilnc %t.ok.py --emit=kiln | FileCheck %s --check-prefix=OK
# Sema checks a device function when a call needs it, so checking recurses
# along a call chain (20,000 functions each calling the next overflowed the
# stack). Past 500 functions it is one located error at the call; the
# recursion check over the call graph is iterative.

# CHECK: .py:1500:12: error: device function calls are nested too deeply (a chain of more than 500 functions)
# CHECK-NEXT: return g500(x) + 1
# CHECK-NOT: error:
# OK: kiln.device_func @g0(
# OK: kiln.device_func @g449(
# OK: kiln.kernel @k(
