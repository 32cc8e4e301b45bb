# RUN: %python %S/Inputs/deep_source.py elif 20000 > %t.py
# RUN: not kilnc %t.py 2>&1 | FileCheck %s
# RUN: %python %S/Inputs/deep_source.py elif 1000 > %t.ok.py
# RUN: kilnc %t.ok.py --emit=kiln | FileCheck %s --check-prefix=OK
# An `elif` is an `if` nested in the else branch of the one before, so a
# chain is as deep as it is long for the parser and every walk after it
# (20,000 branches crashed or ran for minutes). Past 1000 branches it is a
# located error, once, and the rest of the chain (its `else` too) is
# skipped; the statement after the chain is parsed as usual.

# CHECK: .py:2006:5: error: too many 'elif' branches in one 'if' statement (more than 1000)
# CHECK-NEXT: elif a[i] == 1001:
# CHECK-NOT: error:
# OK: kiln.kernel @k(
# OK-COUNT-1000: scf.if
