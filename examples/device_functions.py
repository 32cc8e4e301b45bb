"""A device-function-heavy kernel: three levels of calls and one external
function resolved from LLVM IR given on the command line
(examples/device_functions_lib.ll: kiln_ext_poly(x) = 1 + x/2).

    kiln-run examples/device_functions.py -k shade --range 1000 \
        --link examples/device_functions_lib.ll \
        --arg x=@x.npy --arg y=zeros:1000 --out y=y.npy
"""
import math
from kiln import kernel, device_func, Item, Array, float32


@device_func(extern=True)
def kiln_ext_poly(x: float32) -> float32:
    ...


@device_func
def clamp01(v: float32) -> float32:
    return min(max(v, 0.0), 1.0)


@device_func
def smooth(v: float32) -> float32:
    c = clamp01(v)
    return c * c * (3.0 - 2.0 * c)


@device_func
def shade_one(x: float32) -> float32:
    return smooth(kiln_ext_poly(x)) + math.sin(x) * 0.5


@kernel
def shade(item: Item, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = shade_one(x[i])
