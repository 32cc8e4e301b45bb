# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s --implicit-check-not=warning
# RUN: kilnc %s --emit=kiln --numba-typing 2>&1 | FileCheck %s --check-prefix=NUMBA --implicit-check-not=warning
# A float literal given a narrower float type (Kiln's typing makes a float
# literal float32) warns where the type changes it at the precision it was
# written with: 16777217.0 as a float32 is 16777216, 3.14159265358979 loses
# eight of its digits, 1e39 is inf, 1e-50 is 0. A literal the type holds to
# its written digits does not (0.1 is float32's 0.1, 1e20 has one digit),
# nor a named constant (math.pi, a module constant: no digits are written
# where it is used), nor an explicit cast, nor a literal of a local that
# turns out float64. Under Numba's typing the float
# literals of arithmetic are float64 and only narrower stores warn.
import math

C = 0.3989422804014327

@kernel
def k(item: Item, x: Array[float32], h: Array[float16], d: Array[float64]):
    # CHECK: warn_inexact_float_literal.py:[[@LINE+1]]:9: warning: the literal 16777217.0 is 16777216 as a float32, the nearest value of that type: the digits past its precision are lost (compute in float64, float64(...), where they matter)
    s = 16777217.0
    x[0] = s
    # CHECK: warn_inexact_float_literal.py:[[@LINE+1]]:19: warning: the literal 3.14159265358979 is 3.1415927 as a float32
    x[1] = x[1] * 3.14159265358979
    # CHECK: warn_inexact_float_literal.py:[[@LINE+1]]:19: warning: the literal 0.123456789 is 0.12345679 as a float32
    x[2] = x[2] * 0.123456789
    # CHECK: warn_inexact_float_literal.py:[[@LINE+1]]:19: warning: the literal 1e39 is inf as a float32: it is out of the type's range
    x[3] = x[3] * 1e39
    # CHECK: warn_inexact_float_literal.py:[[@LINE+1]]:19: warning: the literal 1e-50 is 0 as a float32: it is out of the type's range
    x[4] = x[4] + 1e-50
    # A store into a float16 array, under both typings.
    # CHECK: warn_inexact_float_literal.py:[[@LINE+2]]:12: warning: the literal 2049.5 is 2050 as a float16
    # NUMBA: warn_inexact_float_literal.py:[[@LINE+1]]:12: warning: the literal 2049.5 is 2050 as a float16
    h[0] = 2049.5
    # No warning: held to the digits written, named, cast, float64.
    x[5] = x[5] * 0.1 + 0.2 + 1e20 + 1.0000001 + 0.1234567 + (0.1 + 0.2)
    x[6] = x[6] * math.pi + C + math.e + float32(3.14159265358979)
    h[1] = h[1] * 0.1 + 1.001 + 65504.0
    d[0] = d[0] * 3.14159265358979 + 16777217.0
    # A local that unification makes float64 (its second assignment): the
    # check of it as float32 is redone, and its warning dropped.
    best = 1.0e300
    if d[1] < best:
        best = d[1]
    d[2] = best
