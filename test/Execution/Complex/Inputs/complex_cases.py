#!/usr/bin/env python3
"""Inputs and NumPy references of the complex64/complex128 execution tests,
written from NumPy's semantics, independently of Kiln. A check prints
"NAME: ok" or exits non-zero with the first difference.

    complex_cases.py make NAME DIR
    complex_cases.py check NAME DIR [TAG]

TAG names a result set (one per -O level), files TAG_<name>.npy.
"""
import sys

import numpy as np

MAKE, CHECK = {}, {}


def case(fn):
    kind, name = fn.__name__.split("_", 1)
    (MAKE if kind == "make" else CHECK)[name] = fn
    return fn


def rng():
    return np.random.default_rng(12)


def cplx(r, n, dtype):
    return (r.standard_normal(n) + 1j * r.standard_normal(n)).astype(dtype)


def close(what, got, want, rtol):
    if got.dtype != want.dtype or got.shape != want.shape:
        sys.exit(f"{what}: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    err = np.abs(got - want) / np.maximum(np.abs(want), np.finfo(want.real.dtype).tiny)
    if not np.all(err <= rtol):
        bad = int(np.argmax(err))
        sys.exit(f"{what}: first difference at {bad}: {got.flat[bad]} != {want.flat[bad]}")


def equal(what, got, want):
    if got.dtype != want.dtype or got.shape != want.shape or not np.array_equal(got, want):
        sys.exit(f"{what}: got {got.dtype}{got.shape}\n{got}\nwant {want.dtype}{want.shape}\n{want}")


# --- arith64: complex64 arithmetic, a complex scalar, locals --------------
@case
def make_arith64(d):
    r = rng()
    np.save(f"{d}/a.npy", cplx(r, 64, np.complex64))
    np.save(f"{d}/b.npy", cplx(r, 64, np.complex64))
    np.save(f"{d}/f.npy", r.standard_normal(64).astype(np.float32))
    np.save(f"{d}/s.npy", np.complex64(1.5 - 0.5j))
    np.save(f"{d}/out.npy", np.zeros(64, np.complex64))
    np.save(f"{d}/mag.npy", np.zeros(64, np.float32))


@case
def check_arith64(d, tag):
    a, b, f = (np.load(f"{d}/{n}.npy") for n in "abf")
    s = np.load(f"{d}/s.npy")[()]
    z = a * b + s
    w = z / b - a * np.float32(2) + f
    close("out", np.load(f"{d}/{tag}_out.npy"), -np.conj(w) + 1, 2e-6)
    close("mag", np.load(f"{d}/{tag}_mag.npy"),
          np.abs(a) + a.real - b.imag, 2e-6)


# --- wide: complex128, promotion, construction, ==, private/local memory --
@case
def make_wide(d):
    r = rng()
    a = cplx(r, 32, np.complex64)
    a[3] = a[5]  # equal neighbours for ==
    np.save(f"{d}/a.npy", a)
    np.save(f"{d}/x.npy", r.standard_normal(32))
    np.save(f"{d}/out.npy", np.zeros(32, np.complex128))
    np.save(f"{d}/same.npy", np.zeros(32, np.int32))
    np.save(f"{d}/rev.npy", np.zeros(32, np.complex64))


@case
def check_wide(d, tag):
    a = np.load(f"{d}/a.npy")
    x = np.load(f"{d}/x.npy")
    made = x + 1j * (2 * x)  # complex(x, 2 * x)
    # complex64 * float64 is complex128 (NumPy's promotion).
    want = a * x + a.astype(np.complex128)[::-1] / made - np.conj(made)
    want += np.where(x > 0, a, -a)
    close("out", np.load(f"{d}/{tag}_out.npy"), want, 1e-6)
    same = (a == np.roll(a, -2)).astype(np.int32)
    same += 2 * (a != a.astype(np.complex128) * 1j).astype(np.int32)
    equal("same", np.load(f"{d}/{tag}_same.npy"), same)
    # local_rev: each work-group of 8 reverses its slice through local memory.
    equal("rev", np.load(f"{d}/{tag}_rev.npy"), a.reshape(-1, 8)[:, ::-1].ravel())


# --- division: Smith's method where the textbook formula overflows --------
@case
def make_division(d):
    num = np.array([1 + 1j, 1e300 + 1e300j, 1e-300 + 2e-300j, 3 - 4j, 1e308 + 1j,
                    5e-300 + 0j, -2e-310 + 1e-310j, 1 + 0j], np.complex128)
    den = np.array([1e300 + 1e300j, 3e300 - 1e300j, 1e-300 - 1e-300j, 0 + 2j,
                    1e308 + 1e307j, 1e-308 + 1e-308j, 1e-310 + 1e-310j, 1e154 + 1e154j],
                   np.complex128)
    np.save(f"{d}/num.npy", num)
    np.save(f"{d}/den.npy", den)
    np.save(f"{d}/out.npy", np.zeros(len(num), np.complex128))
    np.save(f"{d}/num32.npy", np.array([1e30 + 1e30j, 1e-30 + 1e-30j, 1 + 2j],
                                       np.complex64))
    np.save(f"{d}/den32.npy", np.array([1e30 - 2e30j, 3e-30 + 1e-30j, 1e20 + 1e20j],
                                       np.complex64))
    np.save(f"{d}/out32.npy", np.zeros(3, np.complex64))


def scaled_quotient(num, den):
    """num / den computed by NumPy on both scaled by the same power of two
    (exact) so that |den| is near 1: no intermediate leaves the range.
    NumPy's own division gives -inf+infj for (-2e-310+1e-310j) /
    (1e-310+1e-310j), whose quotient is -0.5+1.5j."""
    want_dtype = num.dtype
    num, den = num.astype(np.complex128), den.astype(np.complex128)
    k = -np.round(np.log2(np.abs(den))).astype(np.int32)

    def scaled(z):
        return np.ldexp(z.real, k) + 1j * np.ldexp(z.imag, k)
    return (scaled(num) / scaled(den)).astype(want_dtype)


@case
def check_division(d, tag):
    want = scaled_quotient(np.load(f"{d}/num.npy"), np.load(f"{d}/den.npy"))
    want32 = scaled_quotient(np.load(f"{d}/num32.npy"), np.load(f"{d}/den32.npy"))
    got = np.load(f"{d}/{tag}_out.npy")
    got32 = np.load(f"{d}/{tag}_out32.npy")
    if not np.all(np.isfinite(got)) or not np.all(np.isfinite(got32)):
        sys.exit(f"division overflowed: {got} {got32}")
    close("out", got, want, 1e-13)
    close("out32", got32, want32, 4e-7)


# --- scalar128: a complex128 scalar argument (16 bytes by value) ---------
@case
def make_scalar128(d):
    r = rng()
    np.save(f"{d}/a.npy", cplx(r, 32, np.complex128))
    np.save(f"{d}/s.npy", np.complex128(-1.25 + 3.5j))
    np.save(f"{d}/out.npy", np.zeros(32, np.complex128))


@case
def check_scalar128(d, tag):
    a, s = np.load(f"{d}/a.npy"), np.load(f"{d}/s.npy")[()]
    close("out", np.load(f"{d}/{tag}_out.npy"), a / s + np.conj(a) * abs(s), 1e-14)


# --- generic: unannotated arrays specialised from <c8 / <c16 .npy ---------
@case
def make_generic(d):
    r = rng()
    np.save(f"{d}/a8.npy", cplx(r, 16, np.complex64))
    np.save(f"{d}/o8.npy", np.zeros(16, np.complex64))
    np.save(f"{d}/a16.npy", cplx(r, 16, np.complex128))
    np.save(f"{d}/o16.npy", np.zeros(16, np.complex128))


@case
def check_generic(d, tag):
    for n, rtol in (("8", 2e-6), ("16", 1e-14)):
        a = np.load(f"{d}/a{n}.npy")
        close("o" + n, np.load(f"{d}/{tag}_o{n}.npy"), a * a.conjugate() + a, rtol)


if __name__ == "__main__":
    action, name, d = sys.argv[1:4]
    if action == "make":
        MAKE[name](d)
    else:
        CHECK[name](d, sys.argv[4] if len(sys.argv) > 4 else "res")
    print(f"{name}: ok")
