# REQUIRES: cuda
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/bounded_rows.py make %t 64
# RUN: kiln-run %s -k rows --device cuda --nd-range 24,64:8,32 --arg a=@%t/a.npy --arg out=zeros:24x64 --out out=%t/out.npy
# RUN: %python %S/../Inputs/bounded_rows.py check %t 8 | FileCheck %s
# RUN: kiln-run %s -k rows --device cuda --nd-range 64,64:32,32 --arg a=@%t/a.npy --arg out=zeros:64x64 --out out=%t/out.npy
# RUN: %python %S/../Inputs/bounded_rows.py check %t 32 | FileCheck %s
# RUN: kiln-run %s -k rows --device cuda --nd-range 36,64:12,32 --arg a=@%t/a.npy --arg out=zeros:36x64 --out out=%t/out.npy
# RUN: %python %S/../Inputs/bounded_rows.py check %t 12 | FileCheck %s
# A loop of run-time trip count bounded by 4 (r = local id stepping by 8
# below 32) gets an exit-free copy for the count at its bound
# (compiler/Target/PTX/PTXBoundedLoops.h) beside the original. Local ids
# 0..7 run the copy (4 trips), 8..31 the original (3, 2 or 1 trips):
# work-groups of 8 rows run only the copy, of 32 and 12 rows both. Each
# work-item weighs its trips, so a wrong trip count shows.
from kiln import kernel, NdItem, Array, float32


@kernel
def rows(it: NdItem, a: Array[float32, 2], out: Array[float32, 2]):
    ty = it.get_local_id(0)
    tx = it.get_global_id(1)
    s = float32(0.0)
    w = float32(1.0)
    for r in range(ty, 32, 8):
        s += a[r, tx] * w
        w += 1.0
    out[it.get_global_id(0), tx] = s

# CHECK: bounded rows: ok
