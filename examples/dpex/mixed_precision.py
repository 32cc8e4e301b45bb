"""numba-dpex-style kernel for Kiln, to be compiled with Numba's typing
(`kiln-run --numba-typing`, issue 12 item 11): `0.1` and `n[i] / 3` are
float64 as in numba-dpex, so the results match NumPy's float64 ones.
Under Kiln's default float32-first typing they would not (and Kiln warns
where the literal meets the int64 `n[i]`).

Only the two Kiln import lines differ from numba-dpex usage.
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def mixed_precision(item: kapi.Item, a, n, out):
    i = item.get_id(0)
    scale = 0.1
    out[i] = a[i] * scale + n[i] / 3 + n[i] * 1.0


if __name__ == "__main__":
    a = dpnp.arange(8, dtype=dpnp.float32)
    n = dpnp.arange(16777213, 16777221, dtype=dpnp.int64)
    out = dpnp.zeros(8, dtype=dpnp.float64)
    dpex.call_kernel(mixed_precision, kapi.Range(8), a, n, out)
    print(out)
