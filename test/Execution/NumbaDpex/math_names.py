# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/dpex_language.py make math_names %t
# RUN: kiln-run %s -k math_names --device cpu --range 32 --arg x=@%t/x.npy --arg out=@%t/out.npy --out out=%t/res_out.npy
# RUN: %python %S/Inputs/dpex_language.py check math_names %t | FileCheck %s
# One math function whatever its spelling (issue 12 item 5): math.f, f
# from `from math import f` (renamed too), np.f, numpy.f, dpnp.f with
# NumPy's arc* names, np.pi; dpnp.float32(x) and np.float32(x) are casts
# (item 8). On the CPU device against NumPy.
# CHECK: math_names: ok
import math
from math import sqrt, hypot as hyp

import dpnp
import numpy
import numpy as np
from numpy import floor


@kernel
def math_names(item: Item, x: Array[float32], out: Array[float32, 2]):
    i = item.get_id(0)
    v = x[i]
    out[i, 0] = sqrt(v) + math.sqrt(v) + np.sqrt(v) + numpy.sqrt(v)
    out[i, 1] = math.atan2(v, 0.5) + np.arctan2(v, dpnp.float32(0.5))
    out[i, 2] = np.exp(v) + dpnp.exp(v) + math.exp(v)
    out[i, 3] = np.arcsin(v) + dpnp.arccos(v) + numpy.arctan(v)
    out[i, 4] = hyp(v, 1.0) + np.float32(np.pi)
    out[i, 5] = floor(v * 10) + np.trunc(-v * 10)
