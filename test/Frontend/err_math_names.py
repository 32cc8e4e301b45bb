# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Functions of known modules that Kiln does not have are located errors
# naming the callee as written; NumPy lacks fma and rsqrt (Kiln's), and its
# pow and fmod keep integers integers, so they are not Kiln's float ones.
import numpy as np
from math import gamma

# CHECK: err_math_names.py:[[@LINE+6]]:12: error: unknown function 'np.fma'
# CHECK: err_math_names.py:[[@LINE+6]]:12: error: unknown function 'gamma'
# CHECK: err_math_names.py:[[@LINE+6]]:12: error: unknown function 'np.pow'
# CHECK: err_math_names.py:[[@LINE+6]]:12: error: unknown function 'np.fmod'
@kernel
def k(item: Item, x: Array[float32]):
    x[0] = np.fma(x[1], x[2], x[3])
    x[1] = gamma(x[0])
    x[2] = np.pow(x[0], 2.0)
    x[3] = np.fmod(x[0], 2.0)
