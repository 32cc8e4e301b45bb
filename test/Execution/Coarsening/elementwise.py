# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/elementwise.py make %t 1023 float32
# RUN: kiln-run %s -k axpy --range 1023 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=BY4
# RUN: %python %S/Inputs/elementwise.py check %t axpy | FileCheck %s --check-prefix=A1023
# RUN: %python %S/Inputs/elementwise.py make %t 1024 float32
# RUN: kiln-run %s -k axpy --range 1024 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=BY4
# RUN: %python %S/Inputs/elementwise.py check %t axpy | FileCheck %s --check-prefix=A1024
# RUN: %python %S/Inputs/elementwise.py make %t 3 float32
# RUN: kiln-run %s -k axpy --range 3 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=BY4
# RUN: %python %S/Inputs/elementwise.py check %t axpy | FileCheck %s --check-prefix=A3
# RUN: %python %S/Inputs/elementwise.py make %t 1021 float64
# RUN: kiln-run %s -k axpy --range 1021 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=BY2
# RUN: %python %S/Inputs/elementwise.py check %t axpy | FileCheck %s --check-prefix=A1021
# RUN: %python %S/Inputs/elementwise.py make %t 1024 float32
# RUN: kiln-run %s -k axpy --nd-range 1024:64 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=BY4
# RUN: %python %S/Inputs/elementwise.py check %t axpy | FileCheck %s --check-prefix=A1024
# RUN: kiln-run %s -k axpy --nd-range 1024:2 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=BY4
# RUN: %python %S/Inputs/elementwise.py check %t axpy | FileCheck %s --check-prefix=A1024
# RUN: %python %S/Inputs/elementwise.py make %t 7,45 float32
# RUN: kiln-run %s -k triad2d --range 7,45 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=ROWS
# RUN: %python %S/Inputs/elementwise.py check %t triad2d | FileCheck %s --check-prefix=T7x45
# RUN: %python %S/Inputs/elementwise.py make %t 6,64 float32
# RUN: kiln-run %s -k triad2d --range 6,64 --arg x=@%t/x.npy --arg y=@%t/y.npy --arg out=@%t/zeros.npy --out out=%t/out.npy --coarsen-elementwise=always | FileCheck %s --check-prefix=ROWS
# RUN: %python %S/Inputs/elementwise.py check %t triad2d | FileCheck %s --check-prefix=T6x64
# Elementwise coarsening executed on the CPU device (where it is opt-in,
# --coarsen-elementwise=always): each work-item handles 4 float32 (2
# float64) consecutive ids of the last dimension, the runtime launches
# ceil(n / 4) of them and passes the user's range. Results equal the plain
# kernel's for extents divisible by 4 and not (the guarded tail), shorter
# than 4, 2-D ranges with rows of a multiple of 4 (the fast path) and not
# (the tail only), and for NdRange launches (work-groups divided by 4, or,
# when 4 does not divide them, launched as a Range). The kernels also read
# the range of the coarsened dimension, which must stay the user's (axpy's
# bounds check would skip the upper elements otherwise).
from kiln import kernel, Item, Array, float32


@kernel
def axpy(item: Item, x, y, out):
    i = item.get_id(0)
    if i < item.get_range(0):
        out[i] = 2 * x[i] + y[i]


@kernel
def triad2d(item: Item, x: Array[float32, 2], y: Array[float32, 2], out: Array[float32, 2]):
    r = item.get_id(0)
    c = item.get_id(1)
    out[r, c] = x[r, c] + 3.0 * y[r, c] + float32(item.get_range(1))

# BY4: coarsened: 4 ids of dimension 0 per work-item
# BY2: coarsened: 2 ids of dimension 0 per work-item
# ROWS: coarsened: 4 ids of dimension 1 per work-item
# A1023: axpy 1023: ok
# A1024: axpy 1024: ok
# A3: axpy 3: ok
# A1021: axpy 1021: ok
# T7x45: triad2d 7x45: ok
# T6x64: triad2d 6x64: ok
