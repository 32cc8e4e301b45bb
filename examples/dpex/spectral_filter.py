"""numba-dpex-style kernel over complex arrays: a frequency-domain filter
that scales each spectrum bin by a real gain, damps it by its magnitude
and keeps the bin's power (issue 12 item 8). Generic parameters take
complex64 or complex128 from the arrays.

Only the two Kiln import lines differ from numba-dpex usage.
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def spectral_filter(item: kapi.Item, spec, gain, out, power):
    i = item.get_id(0)
    z = spec[i]
    damped = z * gain[i] / (1 + abs(z))
    out[i] = damped.conjugate() + dpnp.complex64(gain[i])
    power[i] = (z * z.conjugate()).real


if __name__ == "__main__":
    spec = dpnp.arange(8, dtype=dpnp.complex64) * (1 - 2j)
    gain = dpnp.linspace(0, 1, 8, dtype=dpnp.float32)
    out = dpnp.zeros(8, dtype=dpnp.complex64)
    power = dpnp.zeros(8, dtype=dpnp.float32)
    dpex.call_kernel(spectral_filter, kapi.Range(8), spec, gain, out, power)
    print(out, power)
