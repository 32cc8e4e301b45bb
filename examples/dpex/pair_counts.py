"""numba-dpex-style kernels for Kiln after dpbench's gpairs: each
work-item zero-fills its row of a histogram with a loop of run-time length
(which LLVM turns into `llvm.memset`, issue 12 item 9) and then counts the
weighted pairs it forms with every point, by squared distance bin; a second
kernel sums the rows. Each is compiled alone (`-k`) from this module.

Only the two Kiln import lines differ from numba-dpex usage.
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def count_pairs(item: kapi.Item, x, y, w, rbins_squared, hist):
    i = item.get_id(0)
    nbins = rbins_squared.shape[0]
    for b in range(nbins):
        hist[i, b] = 0.0
    for k in range(x.shape[0]):
        dx = x[i] - x[k]
        dy = y[i] - y[k]
        d2 = dx * dx + dy * dy
        b = 0
        while b < nbins and d2 > rbins_squared[b]:
            b += 1
        if b < nbins:
            hist[i, b] += w[i] * w[k]


@dpex.kernel
def sum_rows(item: kapi.Item, hist, result):
    b = item.get_id(0)
    s = 0.0
    for i in range(hist.shape[0]):
        s += hist[i, b]
    result[b] = s


if __name__ == "__main__":
    n, nbins = 256, 10
    x = dpnp.random.uniform(0, 1, n)
    y = dpnp.random.uniform(0, 1, n)
    w = dpnp.ones(n)
    rbins_squared = dpnp.linspace(0.01, 2.0, nbins) ** 2
    hist = dpnp.empty((n, nbins))
    result = dpnp.empty(nbins)
    dpex.call_kernel(count_pairs, kapi.Range(n), x, y, w, rbins_squared, hist)
    dpex.call_kernel(sum_rows, kapi.Range(nbins), hist, result)
    print(result)
