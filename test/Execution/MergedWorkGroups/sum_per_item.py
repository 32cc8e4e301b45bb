# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/sums.py make %t 1 float32
# RUN: kiln-run %s -k sum_f32 --device cpu --nd-range 256:256 --arg x=@%t/x.npy --arg out=zeros:1 --out out=%t/out.npy --merge-work-groups=always | FileCheck %s --check-prefix=ONE
# RUN: %python %S/Inputs/sums.py check %t | FileCheck %s --check-prefix=F1
# RUN: %python %S/Inputs/sums.py make %t 255 float32
# RUN: kiln-run %s -k sum_f32 --device cpu --nd-range 256:256 --arg x=@%t/x.npy --arg out=zeros:1 --out out=%t/out.npy --merge-work-groups=always | FileCheck %s --check-prefix=ONE
# RUN: %python %S/Inputs/sums.py check %t | FileCheck %s --check-prefix=F255
# RUN: %python %S/Inputs/sums.py make %t 256003 float32
# RUN: kiln-run %s -k sum_f32 --device cpu --nd-range 256256:256 --arg x=@%t/x.npy --arg out=zeros:1 --out out=%t/out.npy --merge-work-groups=always | FileCheck %s --check-prefix=MANY
# RUN: %python %S/Inputs/sums.py check %t | FileCheck %s --check-prefix=F256003
# RUN: %python %S/Inputs/sums.py make %t 255 int32
# RUN: kiln-run %s -k sum_i32 --device cpu --nd-range 256:256 --arg x=@%t/x.npy --arg out=zeros:1 --out out=%t/out.npy --merge-work-groups=always | FileCheck %s --check-prefix=ONE
# RUN: %python %S/Inputs/sums.py check %t | FileCheck %s --check-prefix=I255
# RUN: %python %S/Inputs/sums.py make %t 256003 int32
# RUN: kiln-run %s -k sum_i32 --device cpu --nd-range 256256:256 --arg x=@%t/x.npy --arg out=zeros:1 --out out=%t/out.npy --merge-work-groups=always | FileCheck %s --check-prefix=MANY
# RUN: %python %S/Inputs/sums.py check %t | FileCheck %s --check-prefix=I256003
# RUN: kiln-run %s -k sum_i32 --device cpu --nd-range 256256:64 --arg x=@%t/x.npy --arg out=zeros:1 --out out=%t/out.npy --merge-work-groups=always | FileCheck %s --check-prefix=SMALL
# RUN: %python %S/Inputs/sums.py check %t | FileCheck %s --check-prefix=I256003
# The sum with one element per work-item (bench/kernels/kiln/sum_per_item.py)
# run on the CPU device with its work-groups merged (opt-in there,
# --merge-work-groups=always; PTX merges by default): the runtime launches 4
# work-groups per core (the device's work-items per compute unit are
# unknown), each loops over the user's work-groups and adds its total once.
# Sizes that are not a multiple of the work-group, one work-group and
# 1001 (4004 of 64 items); int32 sums exact, float32 within rounding.
from kiln import kernel, NdItem, Array, float32, int32, group_reduce, AtomicRef


@kernel
def sum_f32(it: NdItem, x: Array[float32], out: Array[float32]):
    i = it.get_global_id(0)
    v: float32 = x[i] if i < x.shape[0] else 0.0
    s = group_reduce(it.get_group(), v, "add")
    if it.get_group().leader():
        AtomicRef(out, 0).fetch_add(s)


@kernel
def sum_i32(it: NdItem, x: Array[int32], out: Array[int32]):
    i = it.get_global_id(0)
    v: int32 = x[i] if i < x.shape[0] else 0
    s = group_reduce(it.get_group(), v, "add")
    if it.get_group().leader():
        AtomicRef(out, 0).fetch_add(s)

# ONE: merged work-groups: 1 launched for 1
# MANY: merged work-groups: {{[0-9]+}} launched for 1001
# SMALL: merged work-groups: {{[0-9]+}} launched for 4004
# F1: sum of 1 float32: ok
# F255: sum of 255 float32: ok
# F256003: sum of 256003 float32: ok
# I255: sum of 255 int32: ok
# I256003: sum of 256003 int32: ok
