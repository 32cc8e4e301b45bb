"""Black-Scholes call and put prices, one option per work-item, checked
against a NumPy computation of the same formula.

    PYTHONPATH=build/python python3 examples/python/black_scholes.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/black_scholes.py  # the simulator
"""
import math
import sys

import numpy as np

import kiln
from kiln import Array, Item, float64


@kiln.device_func
def cnd(d: float64) -> float64:
    return 0.5 * (1.0 + math.erf(d / math.sqrt(2.0)))


@kiln.kernel
def black_scholes(item: Item, price: Array[float64], strike: Array[float64],
                  t: Array[float64], rate: float64, vol: float64,
                  call: Array[float64], put: Array[float64]):
    i = item.get_id(0)
    sqrt_t = math.sqrt(t[i])
    d1 = (math.log(price[i] / strike[i]) + (rate + 0.5 * vol * vol) * t[i]) / (vol * sqrt_t)
    d2 = d1 - vol * sqrt_t
    discounted = strike[i] * math.exp(-rate * t[i])
    call[i] = price[i] * cnd(d1) - discounted * cnd(d2)
    put[i] = discounted * cnd(-d2) - price[i] * cnd(-d1)


def reference(price, strike, t, rate, vol):
    erf = np.vectorize(math.erf)
    cnd_np = lambda d: 0.5 * (1.0 + erf(d / np.sqrt(2.0)))
    d1 = (np.log(price / strike) + (rate + 0.5 * vol * vol) * t) / (vol * np.sqrt(t))
    d2 = d1 - vol * np.sqrt(t)
    disc = strike * np.exp(-rate * t)
    return price * cnd_np(d1) - disc * cnd_np(d2), disc * cnd_np(-d2) - price * cnd_np(-d1)


def main():
    n = 512
    rng = np.random.default_rng(1)
    price = rng.uniform(10, 50, n)
    strike = rng.uniform(10, 50, n)
    t = rng.uniform(0.25, 2.0, n)
    call, put = np.zeros(n), np.zeros(n)
    kiln.call_kernel(black_scholes, kiln.Range(n), price, strike, t, 0.02, 0.3, call, put)
    ref_call, ref_put = reference(price, strike, t, 0.02, 0.3)
    ok = np.allclose(call, ref_call, rtol=1e-12) and np.allclose(put, ref_put, rtol=1e-12)
    print("black-scholes:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
