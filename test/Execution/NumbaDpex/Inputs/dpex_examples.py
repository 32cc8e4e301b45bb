#!/usr/bin/env python3
"""Inputs and NumPy references of the numba-dpex-style examples
(examples/dpex/*.py), written from numba-dpex's documented semantics,
independently of Kiln. One make_NAME and check_NAME per example; a check
prints "NAME: ok" or exits non-zero with the first difference.

    dpex_examples.py make NAME DIR
    dpex_examples.py check NAME DIR
"""
import sys

import numpy as np

MAKE, CHECK = {}, {}


def example(fn):
    kind, name = fn.__name__.split("_", 1)
    (MAKE if kind == "make" else CHECK)[name] = fn
    return fn


def load(d, name):
    return np.load(f"{d}/{name}.npy")


def equal(what, got, want):
    if got.dtype != want.dtype or got.shape != want.shape or not np.array_equal(got, want):
        sys.exit(f"{what}: got {got.dtype}{got.shape}\n{got}\nwant {want.dtype}{want.shape}\n{want}")


# --- claim_slots: compare_exchange(expected, desired, expected_idx) ------
N_CLAIMS, N_SLOTS = 64, 5


@example
def make_claim_slots(d):
    np.save(f"{d}/owner.npy", np.full(N_SLOTS, -1, np.int64))
    np.save(f"{d}/expected.npy", np.full(N_CLAIMS, -1, np.int64))
    np.save(f"{d}/won.npy", np.zeros(N_CLAIMS, np.int32))


@example
def check_claim_slots(d):
    owner, expected, won = load(d, "out_owner"), load(d, "out_expected"), load(d, "out_won")
    for s in range(N_SLOTS):
        claimants = [i for i in range(N_CLAIMS) if i % N_SLOTS == s]
        winners = [i for i in claimants if won[i]]
        if len(winners) != 1 or owner[s] != winners[0]:
            sys.exit(f"claim_slots: slot {s}: owner {owner[s]}, winners {winners}")
        for i in claimants:
            # The winner's expected element stays -1; a loser's receives
            # the owner it found.
            want = -1 if i == owner[s] else owner[s]
            if expected[i] != want:
                sys.exit(f"claim_slots: expected[{i}] = {expected[i]}, want {want}")


# --- weighted_histogram: float64 fetch_add ------------------------------
@example
def make_weighted_histogram(d):
    r = np.random.default_rng(12)
    np.save(f"{d}/values.npy", r.uniform(-5, 105, 4000))
    # Multiples of 1/8: every sum is exact, in any order.
    np.save(f"{d}/weights.npy", r.integers(0, 64, 4000) / 8.0)
    np.save(f"{d}/hist.npy", np.zeros(20))


@example
def check_weighted_histogram(d):
    values, weights = load(d, "values"), load(d, "weights")
    # int() truncates toward zero, as in Python: (-5, 0) falls in bin 0.
    bins = np.trunc(values - 0.0).astype(np.int64) // 5
    keep = (bins >= 0) & (bins < 20)
    want = np.bincount(bins[keep], weights=weights[keep], minlength=20)
    equal("weighted_histogram", load(d, "out_hist"), want)


# --- mixed_precision: Numba's typing ------------------------------------
@example
def make_mixed_precision(d):
    np.save(f"{d}/a.npy", np.arange(8, dtype=np.float32) * np.float32(0.7))
    np.save(f"{d}/n.npy", np.arange(16777213, 16777221, dtype=np.int64))
    np.save(f"{d}/out.npy", np.zeros(8))


@example
def check_mixed_precision(d):
    a, n = load(d, "a").astype(np.float64), load(d, "n").astype(np.float64)
    equal("mixed_precision", load(d, "out_out"), a * 0.1 + n / 3 + n * 1.0)


# --- pair_counts: zero-filled rows (memset), then pairs by distance -----
N_POINTS, N_BINS = 200, 10


@example
def make_pair_counts(d):
    r = np.random.default_rng(7)
    np.save(f"{d}/x.npy", r.uniform(0, 1, N_POINTS))
    np.save(f"{d}/y.npy", r.uniform(0, 1, N_POINTS))
    np.save(f"{d}/w.npy", r.integers(1, 4, N_POINTS).astype(np.float64))
    np.save(f"{d}/rbins_squared.npy", np.linspace(0.05, 1.2, N_BINS) ** 2)
    # Garbage where the kernel must write zeros first.
    np.save(f"{d}/hist.npy", np.full((N_POINTS, N_BINS), 7.0))
    np.save(f"{d}/result.npy", np.zeros(N_BINS))


@example
def check_pair_counts(d):
    x, y, w, rb = (load(d, k) for k in ("x", "y", "w", "rbins_squared"))
    d2 = (x[:, None] - x[None, :]) ** 2 + (y[:, None] - y[None, :]) ** 2
    b = np.searchsorted(rb, d2, side="left")
    hist = np.zeros((N_POINTS, N_BINS))
    for i in range(N_POINTS):
        for k in range(N_POINTS):
            if b[i, k] < N_BINS:
                hist[i, b[i, k]] += w[i] * w[k]
    equal("pair_counts rows", load(d, "out_hist"), hist)
    equal("pair_counts sums", load(d, "out_result"), hist.sum(axis=0))


# --- kernel_factory: a kernel closing over its function's variables ------
@example
def make_kernel_factory(d):
    np.save(f"{d}/x.npy", np.linspace(-1, 1, 16))
    np.save(f"{d}/out.npy", np.zeros(16))


@example
def check_kernel_factory(d):
    # degree=3, shift=0.25 as the test passes them; Horner's loop as
    # written, in float64 (Python floats).
    t = load(d, "x") - 0.25
    acc = np.ones(16)
    for _ in range(3):
        acc = acc * t + 1.0
    equal("kernel_factory", load(d, "out_out"), acc)


# --- group_sums: unannotated work-item and local accessor ----------------
N_SUMS, GROUP_SUMS = 256, 32


@example
def make_group_sums(d):
    np.save(f"{d}/a.npy", (np.arange(N_SUMS) % 11).astype(np.float32))
    np.save(f"{d}/squares.npy", np.zeros(N_SUMS, np.float32))
    np.save(f"{d}/sums.npy", np.zeros(N_SUMS // GROUP_SUMS, np.float32))


@example
def check_group_sums(d):
    squares = (np.arange(N_SUMS) % 11).astype(np.float32) ** 2
    equal("group_sums: squares", load(d, "out_squares"), squares)
    # Small integers: every order of summation is exact in float32.
    equal("group_sums: sums", load(d, "out_sums"),
          squares.reshape(-1, GROUP_SUMS).sum(axis=1).astype(np.float32))


# --- spectral_filter: complex64 / complex128 arithmetic (issue 12 item 8)
@example
def make_spectral_filter(d):
    r = np.random.default_rng(5)
    for name, dt, ft in (("64", np.complex64, np.float32), ("128", np.complex128, np.float64)):
        spec = (r.standard_normal(40) + 1j * r.standard_normal(40)).astype(dt)
        np.save(f"{d}/spec{name}.npy", spec)
        np.save(f"{d}/gain{name}.npy", r.uniform(0, 2, 40).astype(ft))
        np.save(f"{d}/out{name}.npy", np.zeros(40, dt))
        np.save(f"{d}/power{name}.npy", np.zeros(40, ft))


@example
def check_spectral_filter(d):
    for name, rtol in (("64", 2e-6), ("128", 1e-14)):
        z, g = load(d, f"spec{name}"), load(d, f"gain{name}")
        # complex with the real gain keeps z's width; the cast of the gain
        # is complex64 and widens in the complex128 sum.
        want = np.conj(z * g / (1 + np.abs(z))) + np.complex64(g)
        want = want.astype(z.dtype)
        power = (z * np.conj(z)).real
        for what, got, ref in (("out", load(d, f"res_out{name}"), want),
                               ("power", load(d, f"res_power{name}"), power)):
            if got.dtype != ref.dtype or not np.all(
                    np.abs(got - ref) <= rtol * (np.abs(ref) + 1)):
                sys.exit(f"spectral_filter {what}{name}: got {got}, want {ref}")


def main():
    mode, name, d = sys.argv[1:4]
    (MAKE if mode == "make" else CHECK)[name](d)
    if mode == "check":
        print(f"{name}: ok")


if __name__ == "__main__":
    main()
