# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# The math functions are the same function however they are named (spec
# §6, v2): `math.f`, `f` after `from math import f` (also renamed), `np.f`,
# `numpy.f`, `dpnp.f`, with NumPy's arc* names; np.pi/np.e/np.inf are the
# weak constants; np.abs is abs.
import math
import numpy
import numpy as np
import dpnp
from math import sqrt, atan2 as at2
from numpy import exp

# CHECK-NOT: warning
# CHECK-LABEL: kiln.kernel @k(
# CHECK-COUNT-4: math.sqrt %{{.+}} : f32
# CHECK-COUNT-2: math.atan2 %{{.+}}, %{{.+}} : f32
# CHECK: math.exp %{{.+}} : f32
# CHECK: math.exp %{{.+}} : f32
# CHECK: math.asin %{{.+}} : f32
# CHECK: math.absf %{{.+}} : f32
# CHECK: arith.constant 3.14159274 : f32
@kernel
def k(item: Item, x: Array[float32], out: Array[float32]):
    i = item.get_id(0)
    out[0] = sqrt(x[i]) + math.sqrt(x[i]) + np.sqrt(x[i]) + numpy.sqrt(x[i])
    out[1] = at2(x[i], 1.0) + np.arctan2(x[i], 2.0)
    out[2] = exp(x[i]) + dpnp.exp(x[i])
    out[3] = np.arcsin(x[i]) + np.abs(x[i])
    out[4] = np.pi * x[i]
