# RUN: not kiln-run %s -k fill --range 4 --arg x=zeros:4 2>&1 | FileCheck %s
# RUN: not kiln-run %s -k fill --range 4 2>&1 | FileCheck %s --check-prefix=MISSING
# A generic parameter needs an argument whose type is known.
# CHECK: kiln-run: error: argument 'x': a generic parameter takes its dtype from an @file.npy argument; zeros:SHAPE has none
# MISSING: kiln-run: error: missing argument 'x': the kernel is specialized from it, pass --arg x=...


@kernel
def fill(item: Item, x):
    x[item.get_id(0)] = 1
