"""complex64/complex128 NumPy arrays and scalars through kiln.call_kernel
on the CPU device (PoCL) and through the simulator (device="python"),
against NumPy."""

import numpy as np
import pytest

import kiln
from kiln import Array, Item, complex64, complex128, float32


@kiln.kernel
def rotate(item: Item, a: Array[complex64], s: complex64, x: Array[float32],
           out: Array[complex64], mag: Array[float32]):
    i = item.get_id(0)
    out[i] = a[i] * s / complex64(x[i], 1.0) - a[i].conjugate()
    mag[i] = abs(a[i]) + a[i].imag


@kiln.kernel
def widen(item: Item, a, s, out):
    i = item.get_id(0)
    out[i] = a[i] * s + complex(0.0, 1.0)


def _inputs(n=48):
    r = np.random.default_rng(3)
    a = (r.standard_normal(n) + 1j * r.standard_normal(n)).astype(np.complex64)
    return a, r.standard_normal(n).astype(np.float32)


def _close(got, want, rtol):
    # Relative to the operands' size (about 1): `abs(a) + a.imag` cancels.
    assert got.dtype == want.dtype
    assert np.all(np.abs(got - want) <= rtol * (np.abs(want) + 1))


@pytest.mark.parametrize("device", ["cpu", "python"])
def test_complex64_arrays_and_scalar(device):
    a, x = _inputs()
    s = np.complex64(0.5 - 2j)
    out = np.zeros_like(a)
    mag = np.zeros_like(x)
    kiln.call_kernel(rotate, kiln.Range(len(a)), a, s, x, out, mag,
                     device=device)
    _close(out, a * s / (x + np.complex64(1j)) - np.conj(a), 4e-6)
    _close(mag, np.abs(a) + a.imag, 4e-6)


@pytest.mark.parametrize("device", ["cpu", "python"])
def test_generic_complex128(device):
    a, _ = _inputs()
    a = a.astype(np.complex128)
    out = np.zeros_like(a)
    s = np.complex128(2 + 3j)
    kiln.call_kernel(widen, kiln.Range(len(a)), a, s, out, device=device)
    _close(out, a * s + 1j, 1e-14)
