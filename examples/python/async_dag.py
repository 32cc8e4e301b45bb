"""An asynchronous DAG with dependent events (numba-dpex's
call_kernel_async): two independent launches fill `a` and `b`, a third
waits for both device events and combines them, and the host waits only
on the last host event.

        x ──► square ──► a ─┐
        x ──► scale  ──► b ─┴─► combine ──► out

    PYTHONPATH=build/python python3 examples/python/async_dag.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/async_dag.py  # the simulator
"""
import sys

import numpy as np

import kiln
from kiln import Array, Item, float64


@kiln.kernel
def square(item: Item, x: Array[float64], a: Array[float64]):
    i = item.get_id(0)
    a[i] = x[i] * x[i]


@kiln.kernel
def scale(item: Item, x: Array[float64], factor: float64, b: Array[float64]):
    i = item.get_id(0)
    b[i] = x[i] * factor


@kiln.kernel
def combine(item: Item, a: Array[float64], b: Array[float64], out: Array[float64]):
    i = item.get_id(0)
    out[i] = a[i] - b[i]


def main():
    n = 256
    x = np.linspace(-2.0, 2.0, n)
    a, b, out = np.zeros(n), np.zeros(n), np.zeros(n)
    space = kiln.Range(n)
    _, sq_done = kiln.call_kernel_async(square, space, [], x, a)
    _, sc_done = kiln.call_kernel_async(scale, space, [], x, 3.0, b)
    host, device = kiln.call_kernel_async(combine, space, [sq_done, sc_done], a, b, out)
    host.wait()
    ok = device.is_complete() and np.allclose(out, x * x - 3.0 * x)
    print("async DAG:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
