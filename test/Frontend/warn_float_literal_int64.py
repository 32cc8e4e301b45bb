# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# RUN: kilnc %s --emit=kiln --numba-typing 2>&1 | FileCheck %s --check-prefix=NUMBA --implicit-check-not=warning
# Under Kiln's typing a weak float literal next to a 64-bit integer is
# float32 (16777217 * 1.0 is 16777216.0), where Numba computes in float64:
# a warning at the literal, for operators, comparisons and min/max/math.
# Not next to narrower integers, and not under Numba's typing.
# CHECK: warn_float_literal_int64.py:15:18: warning: this float literal is float32 next to 'int64' (Kiln's typing), where Numba computes in float64: convert an operand with float64(...) or compile with Numba's typing (numba_typing=True)
# CHECK: warn_float_literal_int64.py:16:18: warning: this float literal is float32 next to 'uint64'
# CHECK: warn_float_literal_int64.py:17:12: warning: this float literal is float32 next to 'int64'
# CHECK: warn_float_literal_int64.py:18:25: warning: this float literal is float32 next to 'int64'
# CHECK-NOT: warning
# NUMBA: kiln.kernel @k(
@kernel
def k(item: Item, n: int64, u: uint64, i: int32, out: Array[float64]):
    out[0] = n * 1.0
    out[1] = u / 0.5
    if n < 2.5:
        out[2] = max(n, 0.1)
    out[3] = i * 1.0
