"""numba-dpex-style kernel for Kiln defined inside a function and closing
over its variables (issue 12 item 2): Kiln compiles it from the
function's source, with the captured numbers as compile-time constants
given like Constant values (`kiln-run --arg degree=3 --arg shift=0.25`,
`kilnc --signature 'poly:degree=3,shift=0.25'`, the C API's signature).

Only the two Kiln import lines differ from numba-dpex usage.
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


def make_poly(degree, shift):
    @dpex.kernel
    def poly(item: kapi.Item, x, out):
        i = item.get_id(0)
        t = x[i] - shift
        acc = 1.0
        for _ in range(degree):
            acc = acc * t + 1.0
        out[i] = acc

    return poly


if __name__ == "__main__":
    x = dpnp.linspace(-1, 1, 16)
    out = dpnp.empty_like(x)
    dpex.call_kernel(make_poly(3, 0.25), kapi.Range(16), x, out)
    print(out)
