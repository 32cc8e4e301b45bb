#!/usr/bin/env python3
"""Inputs and NumPy references for the execution tests, written independently
of Kiln (plain NumPy, float64 where it matters).

    reference.py make KERNEL DIR     write the kernel's input .npy files
    reference.py check KERNEL DIR    compare DIR/out_*.npy with the reference
"""
import sys

import numpy as np


def rng(kernel):
    return np.random.default_rng(abs(hash(kernel)) % 2**32)


def close(name, got, want, rtol):
    got = np.asarray(got)
    want = np.asarray(want)
    if got.shape != want.shape or got.dtype != want.dtype:
        sys.exit(f"{name}: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    if np.issubdtype(want.dtype, np.integer):
        bad = np.flatnonzero(got != want)
        if bad.size:
            i = bad[0]
            sys.exit(f"{name}: {bad.size} mismatches, first at {i}: {got.flat[i]} != {want.flat[i]}")
        return
    err = np.linalg.norm(got.astype(np.float64) - want) / max(np.linalg.norm(want), 1e-300)
    if not np.isfinite(got).all() or err > rtol:
        sys.exit(f"{name}: relative error {err:.3e} > {rtol}")


# --- saxpy -----------------------------------------------------------------
def make_saxpy(d, r):
    np.save(f"{d}/x.npy", r.standard_normal(1000).astype(np.float32))
    np.save(f"{d}/y.npy", r.standard_normal(1000).astype(np.float32))


def check_saxpy(d):
    x, y = np.load(f"{d}/x.npy"), np.load(f"{d}/y.npy")
    want = 2.5 * x.astype(np.float64) + y
    close("y", np.load(f"{d}/out_y.npy"), want.astype(np.float32), 1e-6)


# --- laplacian (2-D, uses a.shape) ----------------------------------------
def make_laplacian(d, r):
    np.save(f"{d}/u.npy", r.standard_normal((37, 53)).astype(np.float32))


def check_laplacian(d):
    u = np.load(f"{d}/u.npy").astype(np.float64)
    want = u.copy()
    want[1:-1, 1:-1] = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]
                        - 4.0 * u[1:-1, 1:-1])
    close("out", np.load(f"{d}/out_out.npy"), want.astype(np.float32), 1e-6)


# --- control flow: collatz (while + if/else), horner (for, negative step),
#     classify (if/elif/else), floor_ops (Python // and %) ------------------
def make_collatz(d, r):
    np.save(f"{d}/start.npy", r.integers(1, 100000, 512).astype(np.int64))


def check_collatz(d):
    want = []
    for n in np.load(f"{d}/start.npy").tolist():
        c = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            c += 1
        want.append(c)
    close("steps", np.load(f"{d}/out_steps.npy"), np.array(want, np.int32), 0)


def make_horner(d, r):
    np.save(f"{d}/coeffs.npy", r.standard_normal(7))
    np.save(f"{d}/x.npy", r.uniform(-2, 2, 300))


def check_horner(d):
    c, x = np.load(f"{d}/coeffs.npy"), np.load(f"{d}/x.npy")
    want = sum(c[k] * x ** k for k in range(len(c)))
    close("y", np.load(f"{d}/out_y.npy"), want, 1e-12)


def make_classify(d, r):
    np.save(f"{d}/x.npy", r.uniform(-3, 3, 777).astype(np.float32))


def check_classify(d):
    x = np.load(f"{d}/x.npy")
    want = np.where(x < -1.0, -1, np.where(x > 1.0, 1, 0)).astype(np.int32)
    close("out", np.load(f"{d}/out_out.npy"), want, 0)


def make_floor_ops(d, r):
    a = r.integers(-1000, 1000, 400).astype(np.int32)
    b = r.integers(1, 50, 400).astype(np.int32) * r.choice([-1, 1], 400).astype(np.int32)
    np.save(f"{d}/a.npy", a)
    np.save(f"{d}/b.npy", b)


def check_floor_ops(d):
    a, b = np.load(f"{d}/a.npy").tolist(), np.load(f"{d}/b.npy").tolist()
    close("q", np.load(f"{d}/out_q.npy"), np.array([x // y for x, y in zip(a, b)], np.int32), 0)
    close("r", np.load(f"{d}/out_r.npy"), np.array([x % y for x, y in zip(a, b)], np.int32), 0)


# --- the six real kernels of the language issue ---------------------------
def make_matmul(d, r):
    np.save(f"{d}/a.npy", r.standard_normal((70, 45)).astype(np.float32))
    np.save(f"{d}/b.npy", r.standard_normal((45, 50)).astype(np.float32))


def check_matmul(d):
    a, b = np.load(f"{d}/a.npy"), np.load(f"{d}/b.npy")
    want = a.astype(np.float64) @ b.astype(np.float64)
    got = np.load(f"{d}/out_c.npy")[:70, :50]
    close("c", got, want.astype(np.float32), 1e-5)


# --- sgemm_best: 128x128 blocks, k in steps of 8 (n, m, k of each case) ----
SGEMM_BEST = {"sgemm_best": (256, 40, 128), "sgemm_best_one_tile": (128, 8, 256)}


def make_sgemm(d, r, n, k, m):
    np.save(f"{d}/a.npy", r.standard_normal((n, k)).astype(np.float32))
    np.save(f"{d}/b.npy", r.standard_normal((k, m)).astype(np.float32))


def check_sgemm(d):
    a, b = np.load(f"{d}/a.npy"), np.load(f"{d}/b.npy")
    want = a.astype(np.float64) @ b.astype(np.float64)
    close("c", np.load(f"{d}/out_c.npy"), want.astype(np.float32), 1e-5)


for _name, _shape in SGEMM_BEST.items():
    globals()[f"make_{_name}"] = (
        lambda d, r, shape=_shape: make_sgemm(d, r, *shape))
    globals()[f"check_{_name}"] = check_sgemm


def make_histogram(d, r):
    np.save(f"{d}/data.npy", r.integers(0, 256, 10000).astype(np.uint8))


def check_histogram(d):
    data = np.load(f"{d}/data.npy")
    want = np.bincount(data, minlength=256).astype(np.uint32)
    close("bins", np.load(f"{d}/out_bins.npy"), want, 0)


def make_total(d, r):
    np.save(f"{d}/x.npy", r.standard_normal(100000).astype(np.float32))


def check_total(d):
    x = np.load(f"{d}/x.npy").astype(np.float64)
    got = np.load(f"{d}/out_out.npy").astype(np.float64)
    err = abs(got[0] - x.sum()) / max(np.abs(x).sum(), 1e-300)
    if got.shape != (1,) or not np.isfinite(got).all() or err > 1e-6:
        sys.exit(f"total: got {got}, want {x.sum()} (error {err:.2e})")


def make_jacobi(d, r):
    np.save(f"{d}/u.npy", r.standard_normal((130, 97)))


def check_jacobi(d):
    u = np.load(f"{d}/u.npy")
    want = u.copy()
    want[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    close("v", np.load(f"{d}/out_v.npy"), want, 1e-14)


def make_block_scan(d, r):
    np.save(f"{d}/x.npy", r.integers(-100, 100, 8192).astype(np.int32))


def check_block_scan(d):
    x = np.load(f"{d}/x.npy").astype(np.int64).reshape(16, 512)
    inc = np.cumsum(x, axis=1)
    exc = inc - x
    close("inclusive", np.load(f"{d}/out_inclusive.npy"), inc.reshape(-1).astype(np.int32), 0)
    close("exclusive", np.load(f"{d}/out_exclusive.npy"), exc.reshape(-1).astype(np.int32), 0)
    close("totals", np.load(f"{d}/out_totals.npy"), inc[:, -1].astype(np.int32), 0)


def make_shade(d, r):
    np.save(f"{d}/x.npy", r.uniform(-3, 3, 1000).astype(np.float32))


def check_shade(d):
    x = np.load(f"{d}/x.npy").astype(np.float64)
    c = np.clip(1.0 + x / 2.0, 0.0, 1.0)
    want = c * c * (3.0 - 2.0 * c) + np.sin(x) * 0.5
    close("y", np.load(f"{d}/out_y.npy"), want.astype(np.float32), 1e-5)


def make_warp_ops(d, r):
    np.save(f"{d}/x.npy", r.integers(-1000, 1000, 256).astype(np.int32))


def check_warp_ops(d):
    x = np.load(f"{d}/x.npy").astype(np.int64)
    lane = np.arange(256) % 32
    warps = x.reshape(-1, 32)
    xor1 = warps[:, np.arange(32) ^ 1].reshape(-1)
    # shuffle_down clamps at the end of the warp (the lane keeps its value).
    down = np.where(lane < 31, np.roll(x, -1), x)
    total = np.repeat(warps.sum(axis=1), 32)
    want = np.stack([xor1, down, total, lane], axis=1).astype(np.int32)
    close("out", np.load(f"{d}/out_out.npy"), want, 0)


def main():
    action, kernel, d = sys.argv[1:4]
    if action == "make":
        globals()[f"make_{kernel}"](d, rng(kernel))
    else:
        globals()[f"check_{kernel}"](d)
        print(f"{kernel}: verified")


if __name__ == "__main__":
    main()
