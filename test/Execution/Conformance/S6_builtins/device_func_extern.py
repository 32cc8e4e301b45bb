# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make device_func_extern %t
# RUN: kiln-run %s -k ext --range 64 --link %S/../Inputs/ext.ll --arg x=@%t/x.npy --arg n=@%t/n.npy --arg d=@%t/d.npy --arg on=zeros:64 --arg od=zeros:64 --arg of=zeros:64 --out on=%t/out_n.npy --out od=%t/out_d.npy --out of=%t/out_f.npy
# RUN: %python %S/../Inputs/conformance.py check device_func_extern %t | FileCheck %s
# RUN: not kiln-run %s -k ext --range 64 --arg x=@%t/x.npy --arg n=@%t/n.npy --arg d=@%t/d.npy --arg on=zeros:64 --arg od=zeros:64 --arg of=zeros:64 2>&1 | FileCheck %s --check-prefix=UNLINKED
# External device functions (spec §3): declared with
# @device_func(extern=True) and a body of ..., resolved against LLVM IR
# given with --link (i32, double(double, float), float); without the
# library the launch fails with an error naming a missing function.
# CHECK: device_func_extern: ok
# UNLINKED: error: {{.*}}conf_ext_


@device_func(extern=True)
def conf_ext_mix(a: int32) -> int32:
    ...


@device_func(extern=True)
def conf_ext_scale(x: float64, y: float32) -> float64:
    """Docstrings are allowed."""
    ...


@device_func(extern=True)
def conf_ext_half(x: float32) -> float32:
    ...


@kernel
def ext(item: Item, x: Array[float32], n: Array[int32], d: Array[float64],
        on: Array[int32], od: Array[float64], of: Array[float32]):
    i = item.get_id(0)
    on[i] = conf_ext_mix(n[i])
    od[i] = conf_ext_scale(d[i], x[i])
    of[i] = conf_ext_half(x[i])
