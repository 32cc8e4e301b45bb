# RUN: %python %S/Inputs/deep_source.py calls 499 > %t.py
# RUN: %python %S/Inputs/deep_source.py calls 20000 > %t.deep.py
# RUN: ulimit -s 512
# RUN: kilnc %t.py --emit=kiln | FileCheck %s
# RUN: not kilnc %t.deep.py 2>&1 | FileCheck %s --check-prefix=DEEP
# The longest call chain the type checker accepts is checked with a main
# stack of 512 KiB, in every build: past a small budget of the caller's
# stack, each level of the recursion along the chain runs on a fresh stack
# of known size (StackBudget). A release build needed about 1 MiB of stack
# for this chain before, an AddressSanitizer build about 9 MiB (more than
# the usual 8 MiB: it overflowed before reaching the limit of 500).

# CHECK: kiln.device_func @g0(
# CHECK: kiln.device_func @g498(
# CHECK: kiln.kernel @k(
# DEEP: .py:1500:12: error: device function calls are nested too deeply (a chain of more than 500 functions)
