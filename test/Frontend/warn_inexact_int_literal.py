# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s --implicit-check-not=warning
# RUN: kilnc %s --emit=kiln --numba-typing 2>&1 | FileCheck %s --implicit-check-not=warning
# An integer literal given a float type implicitly (next to a float, stored
# in a float array, compared with a float) that the type cannot hold:
# 16777217 as a float32 is 16777216, silently until this warning at the
# literal. Integer literals stay weak under Numba's typing too (where Numba
# would compute in float64), so it warns in both modes. Exact ones, an
# explicit cast and integer contexts do not warn.
import math

N = 16777217

@kernel
def k(item: Item, x: Array[float32], h: Array[float16], d: Array[float64],
      m: Array[int64]):
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:19: warning: the literal 16777217 is 16777216 as a float32, the nearest value of that type: the digits past its precision are lost (compute in float64, float64(...), where they matter)
    x[0] = x[1] * 16777217
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:12: warning: the literal 16777217 is 16777216 as a float32
    x[2] = 16777217
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:15: warning: the literal 16777217 is 16777216 as a float32
    if x[3] < 16777217:
        x[3] = 1.0
    # A module constant, and a folded expression: the value counts.
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:19: warning: the literal 16777217 is 16777216 as a float32
    x[4] = x[4] * N
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:20: warning: the literal 16777217 is 16777216 as a float32
    x[5] = x[5] * (2 ** 24 + 1)
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:12: warning: the literal -16777217 is -16777216 as a float32
    x[6] = -16777217
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:12: warning: the literal 2049 is 2048 as a float16
    h[0] = 2049
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:19: warning: the literal 70000 is inf as a float16: it is out of the type's range
    h[1] = h[1] * 70000
    # CHECK: warn_inexact_int_literal.py:[[@LINE+1]]:19: warning: the literal 9007199254740993 is 9007199254740992 as a float64, the nearest value of that type (a float64 holds every integer only up to 2**53)
    d[0] = d[1] * 9007199254740993
    # No warning: exact values, an explicit cast, integers.
    x[7] = x[7] * 16777216 + 2048 + float32(16777217)
    h[2] = h[2] * 2048 + 65504
    d[2] = d[2] * 9007199254740992 + 16777217
    m[0] = m[0] * 16777217
