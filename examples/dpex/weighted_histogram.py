"""numba-dpex-style kernel for Kiln: float64 AtomicRef.fetch_add, which
Kiln runs on devices with int64 atomics through a compare-and-swap loop
(issue 12 item 6; PoCL has no float64 atomics).

Only the two Kiln import lines differ from numba-dpex usage.
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def weighted_histogram(item: kapi.Item, values, weights, lo, width, hist):
    i = item.get_id(0)
    b = int(values[i] - lo) // width
    if b >= 0 and b < hist.shape[0]:
        kapi.AtomicRef(hist, b).fetch_add(weights[i])


if __name__ == "__main__":
    values = dpnp.random.uniform(0, 100, 10000)
    weights = dpnp.random.uniform(0, 1, 10000)
    hist = dpnp.zeros(20, dtype=dpnp.float64)
    dpex.call_kernel(weighted_histogram, kapi.Range(10000), values, weights,
                     0.0, 5, hist)
    print(hist)
