"""Integer `//` and `%` by zero and MIN by -1 (language.md §6.3): inputs,
runs and the reference of division_by_zero_kernel.py, shared by the OpenCL
and CUDA execution tests (Execution/{OpenCL,CUDA}/division_by_zero.test).

    division_by_zero.py run DIR DEVICE OPT   makes the inputs of every
        integer type T and runs the kernel on them with kiln-run (from PATH)
        on DEVICE at OPT (-O0, -O2, -g), then checks DIR/{q,r,qi,ri}_T.npy;
        prints "division by zero OPT: ok"

The reference is Python's `//` and `%` on exact integers, wrapped to the
type, with the language's 0 for a zero divisor.
"""
import os
import subprocess
import sys

import numpy as np

KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "division_by_zero_kernel.py")

TYPES = [f"{s}int{w}" for s in ("", "u") for w in (8, 16, 32, 64)]


def operands(t):
    info = np.iinfo(t)
    lo, hi = int(info.min), int(info.max)
    a = [7, -7, 0, lo, hi, lo, hi, 1, lo, -1, 5, hi]
    b = [0, 0, 0, 0, 0, -1, -1, 0, lo, 0, 3, 2]
    if lo == 0:  # unsigned: negative values wrap, as in the kernel's arrays
        a = [v % (hi + 1) for v in a]
        b = [v % (hi + 1) for v in b]
    return a, b


def wrap(v, t):
    info = np.iinfo(t)
    span = int(info.max) - int(info.min) + 1
    return (v - int(info.min)) % span + int(info.min)


def reference(t):
    a, b = operands(t)
    q = [wrap(x // y, t) if y else 0 for x, y in zip(a, b)]
    r = [wrap(x % y, t) if y else 0 for x, y in zip(a, b)]
    return np.array(q, t), np.array(r, t)


def run(folder, device, opt):
    for t in TYPES:
        a, b = operands(t)
        np.save(f"{folder}/a_{t}.npy", np.array(a, t))
        np.save(f"{folder}/b_{t}.npy", np.array(b, t))
        n = len(a)
        args = [f"a=@{folder}/a_{t}.npy", f"b=@{folder}/b_{t}.npy"]
        outs = []
        for name in ("q", "r", "qi", "ri"):
            np.save(f"{folder}/{name}_{t}.npy", np.zeros(n, t))
            args.append(f"{name}=@{folder}/{name}_{t}.npy")
            outs.append(f"{name}={folder}/{name}_{t}.npy")
        cmd = ["kiln-run", KERNEL, opt, "-k", "division", "--device", device,
               "--range", str(n)]
        for arg in args:
            cmd += ["--arg", arg]
        for out in outs:
            cmd += ["--out", out]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{t} {opt}: kiln-run exited {done.returncode}: "
                     f"{done.stderr.strip()}")
    check(folder, opt)


def check(folder, opt):
    for t in TYPES:
        q, r = reference(t)
        for name, want in (("q", q), ("r", r), ("qi", q), ("ri", r)):
            got = np.load(f"{folder}/{name}_{t}.npy")
            if got.dtype != want.dtype or not np.array_equal(got, want):
                sys.exit(f"{name} {t} {opt}: got {got.tolist()}, "
                         f"want {want.tolist()}")
    print(f"division by zero {opt}: ok")


if __name__ == "__main__":
    run(*sys.argv[2:5])
