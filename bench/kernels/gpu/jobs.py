"""The jobs of the GPU suite: for each, its inputs, the Kiln kernel and its
launch (bench/kernels/kiln/, as bench/kernels/README.md describes it), the
nvcc peer (cuda/<name>.cu) and its launch, the library peers, a NumPy
reference and the amount of work the speed is computed from.

Launch arguments are lists in parameter order: a string names an array of
the job's inputs, anything else is a NumPy scalar. CUDA peers take the
extents as trailing int64 scalars where the Kiln kernel reads `x.shape`.
"""
import numpy as np

GB, TFLOP = 1e9, 1e12


class Job:
    def __init__(self, name, title, unit, rank, make, reference, kiln, cuda,
                 outputs, tolerance, work, library=(), assume=(),
                 source=None):
        self.name, self.title, self.unit = name, title, unit
        # The Kiln kernel's file when it is not bench/kernels/kiln/NAME.py
        # (a path from the repository's root: an example).
        self.source = source
        # The launch's rank: kilnc --launch-rank specializes the kernel for
        # it (each range dimension read from a fixed hardware axis).
        self.rank = rank
        self.make, self.reference = make, reference
        self.kiln, self.cuda = kiln, cuda
        self.outputs, self.tolerance, self.work = outputs, tolerance, work
        self.library = list(library)
        # kilnc's promises about every launch (the suite keeps them: each
        # array is its own buffer, an allocation base): what the JIT would
        # find at the launch, for the precompiled artifact.
        self.assume = list(assume)

    def speed(self, inputs, seconds):
        """GB/s or TFLOP/s of one launch taking `seconds`."""
        return self.work(inputs) / seconds / (TFLOP if self.unit == "TFLOP/s"
                                               else GB)


def _label(n):
    """2^28 for powers of two, else the number."""
    return "2^%d" % (n.bit_length() - 1) if n & (n - 1) == 0 else str(n)


def _cdiv(a, b):
    return (a + b - 1) // b


def _i64(value):
    return np.int64(value)


def _uniform(rng, shape, low=0.0, high=1.0):
    x = rng.random(shape, dtype=np.float32)
    if (low, high) != (0.0, 1.0):
        x *= np.float32(high - low)
        x += np.float32(low)
    return x


def _check_close(rtol, atol):
    def check(got, want):
        return np.allclose(got, want, rtol=rtol, atol=atol)
    return check


# Three distinct, 16-byte aligned arrays a, b, c (kilnc --assume-*).
_DISTINCT_ALIGNED = ["--assume-distinct-arrays", "--assume-aligned16=a,b,c"]


def _elementwise_jobs(n, lib):
    vector_add = Job(
        "vector_add", "vector add %s f32" % _label(n), "GB/s", 1,
        make=lambda rng, ctx: {"a": _uniform(rng, n), "b": _uniform(rng, n),
                               "c": np.zeros(n, np.float32)},
        reference=lambda x: {"c": x["a"] + x["b"]},
        kiln=lambda x, ctx: ((n,), None, ["a", "b", "c"]),
        cuda=lambda x, ctx: ((_cdiv(n, 256),), (256,),
                             ["a", "b", "c", _i64(n)]),
        outputs=["c"], tolerance=_check_close(1e-6, 0),
        work=lambda x: 3 * 4 * n,
        library=[("Triton", lambda t: lib.triton.vector_add(
            t["a"], t["b"], t["c"]))] if lib.triton else [],
        assume=_DISTINCT_ALIGNED)
    s = np.float32(3.0)
    triad = Job(
        "triad", "triad %s f32" % _label(n), "GB/s", 1,
        make=lambda rng, ctx: {"a": np.zeros(n, np.float32),
                               "b": _uniform(rng, n), "c": _uniform(rng, n)},
        reference=lambda x: {"a": x["b"] + s * x["c"]},
        kiln=lambda x, ctx: ((n,), None, ["a", "b", "c", s]),
        cuda=lambda x, ctx: ((_cdiv(n, 256),), (256,),
                             ["a", "b", "c", s, _i64(n)]),
        outputs=["a"], tolerance=_check_close(1e-5, 1e-6),
        work=lambda x: 3 * 4 * n,
        library=[("Triton", lambda t: lib.triton.triad(
            t["a"], t["b"], t["c"], float(s)))] if lib.triton else [],
        assume=_DISTINCT_ALIGNED)
    return [vector_add, triad]


def _sum_jobs(n, lib):
    def make(rng, ctx):
        return {"x": _uniform(rng, n), "out": np.zeros(1, np.float32)}

    def reference(x):
        return {"out": np.array([x["x"].sum(dtype=np.float64)])}

    torch_sum = [("torch.sum", lambda t: lib.torch.sum(t["x"]).reshape(1))] \
        if lib.torch else []
    label = _label(n)
    per_item = Job(
        "sum_per_item", "sum %s f32, one element per work-item" % label,
        "GB/s", 1, make=make, reference=reference,
        kiln=lambda x, ctx: ((_cdiv(n, 256) * 256,), (256,), ["x", "out"]),
        cuda=lambda x, ctx: ((_cdiv(n, 256),), (256,), ["x", "out", _i64(n)]),
        outputs=["out"], tolerance=_check_close(1e-3, 0),
        work=lambda x: 4 * n, library=torch_sum,
        # x and out are separate buffers, as the JIT would find them: the
        # work-groups merge and combine their atomic adds
        # (kiln-merge-work-groups).
        assume=["--assume-distinct-arrays"])
    grid_stride = Job(
        "sum_grid_stride", "sum %s f32, grid-stride loop" % label,
        "GB/s", 1,
        make=make, reference=reference,
        kiln=lambda x, ctx: ((ctx.groups * 256,), (256,), ["x", "out"]),
        cuda=lambda x, ctx: ((ctx.groups,), (256,), ["x", "out", _i64(n)]),
        outputs=["out"], tolerance=_check_close(1e-3, 0),
        work=lambda x: 4 * n, library=torch_sum)
    return [per_item, grid_stride]


def _stencil_job(n, m):
    def reference(x):
        u = x["u"]
        out = np.zeros_like(u)
        out[1:-1, 1:-1] = np.float32(0.2) * (
            u[1:-1, 1:-1] + u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] +
            u[1:-1, 2:])
        return {"out": out}

    return Job(
        "stencil", "5-point stencil %dx%d f32, 2-D Range" % (n, m), "GB/s", 2,
        make=lambda rng, ctx: {"u": _uniform(rng, (n, m)),
                               "out": np.zeros((n, m), np.float32)},
        reference=reference,
        kiln=lambda x, ctx: ((n - 2, m - 2), None, ["u", "out"]),
        cuda=lambda x, ctx: ((_cdiv(m - 2, 32), _cdiv(n - 2, 8)), (32, 8),
                             ["u", "out", _i64(n), _i64(m)]),
        outputs=["out"], tolerance=_check_close(1e-5, 1e-6),
        work=lambda x: 2 * 4 * n * m)


def _transpose_job(n, m, lib):
    return Job(
        "transpose", "transpose %dx%d f32, 32x33 local tile" % (n, m),
        "GB/s", 2,
        make=lambda rng, ctx: {"a": _uniform(rng, (n, m)),
                               "out": np.zeros((m, n), np.float32)},
        reference=lambda x: {"out": np.ascontiguousarray(x["a"].T)},
        kiln=lambda x, ctx: ((_cdiv(n, 32) * 8, _cdiv(m, 32) * 32), (8, 32),
                             ["a", "out"]),
        cuda=lambda x, ctx: ((_cdiv(m, 32), _cdiv(n, 32)), (32, 8),
                             ["a", "out", _i64(n), _i64(m)]),
        outputs=["out"], tolerance=_check_close(0, 0),
        work=lambda x: 2 * 4 * n * m,
        library=[("PyTorch x.t().contiguous()",
                  lambda t: t["a"].t().contiguous())] if lib.torch else [])


def _sgemm_jobs(n, k, m, regtile_n, regtile_k, regtile_m, lib):
    def make(n, k, m):
        return lambda rng, ctx: {"a": _uniform(rng, (n, k), -1, 1),
                                 "b": _uniform(rng, (k, m), -1, 1),
                                 "c": np.zeros((n, m), np.float32)}

    def reference(x):
        return {"c": x["a"].astype(np.float64) @ x["b"].astype(np.float64)}

    def cublas(t):
        lib.torch.matmul(t["a"], t["b"], out=t["c"])

    library = [("cuBLAS FP32 (TF32 off)", cublas)] if lib.torch else []
    tiled = Job(
        "sgemm_tiled", "SGEMM %dx%dx%d, 16x16 local tiles" % (n, k, m),
        "TFLOP/s", 2, make=make(n, k, m), reference=reference,
        kiln=lambda x, ctx: ((_cdiv(n, 16) * 16, _cdiv(m, 16) * 16), (16, 16),
                             ["a", "b", "c"]),
        cuda=lambda x, ctx: ((_cdiv(m, 16), _cdiv(n, 16)), (16, 16),
                             ["a", "b", "c", _i64(n), _i64(k), _i64(m)]),
        outputs=["c"], tolerance=_check_close(1e-4, 1e-5 * k),
        work=lambda x: 2 * n * k * m, library=library)
    rn, rk, rm = regtile_n, regtile_k, regtile_m
    regtile = Job(
        "sgemm_regtile",
        "SGEMM %dx%dx%d, 64x64 block tile, 4x4 per work-item" % (rn, rk, rm),
        "TFLOP/s", 2, make=make(rn, rk, rm), reference=reference,
        kiln=lambda x, ctx: ((rn // 4, rm // 4), (16, 16), ["a", "b", "c"]),
        cuda=lambda x, ctx: ((rm // 64, rn // 64), (16, 16),
                             ["a", "b", "c", _i64(rn), _i64(rk), _i64(rm)]),
        outputs=["c"], tolerance=_check_close(1e-4, 1e-5 * rk),
        work=lambda x: 2 * rn * rk * rm, library=library)
    return [tiled, regtile]


def _sgemm_best_job(n, k, m, lib):
    """examples/sgemm_best.py: 128x128 block tile of 32x64 warp tiles, 8x8
    outputs per work-item, double-buffered local tiles and fragments, two
    work-groups per SM; n, m multiples of 128, k of 8. The arrays are
    distinct and 16-byte aligned, as the JIT finds them."""
    def cublas(t):
        lib.torch.matmul(t["a"], t["b"], out=t["c"])

    return Job(
        "sgemm_best",
        "SGEMM %dx%dx%d, 128x128 block tile, 32x64 warp tiles, 8x8 per "
        "work-item, double-buffered" % (n, k, m),
        "TFLOP/s", 2,
        make=lambda rng, ctx: {"a": _uniform(rng, (n, k), -1, 1),
                               "b": _uniform(rng, (k, m), -1, 1),
                               "c": np.zeros((n, m), np.float32)},
        reference=lambda x: {"c": x["a"].astype(np.float64) @
                             x["b"].astype(np.float64)},
        kiln=lambda x, ctx: ((n // 8, m // 8), (16, 16), ["a", "b", "c"]),
        cuda=lambda x, ctx: ((m // 128, n // 128), (16, 16),
                             ["a", "b", "c", _i64(n), _i64(k), _i64(m)]),
        outputs=["c"], tolerance=_check_close(1e-4, 1e-5 * k),
        work=lambda x: 2 * n * k * m,
        library=[("cuBLAS FP32 (TF32 off)", cublas)] if lib.torch else [],
        assume=_DISTINCT_ALIGNED, source="examples/sgemm_best.py")


def _softmax_job(n, m, lib):
    def reference(x):
        v = x["x"].astype(np.float64)
        e = np.exp(v - v.max(axis=1, keepdims=True))
        return {"y": e / e.sum(axis=1, keepdims=True)}

    return Job(
        "softmax", "softmax over rows %dx%d f32" % (n, m), "GB/s", 2,
        make=lambda rng, ctx: {"x": _uniform(rng, (n, m), -4, 4),
                               "y": np.zeros((n, m), np.float32)},
        reference=reference,
        kiln=lambda x, ctx: ((n, 256), (1, 256), ["x", "y"]),
        cuda=lambda x, ctx: ((n,), (256,), ["x", "y", _i64(n), _i64(m)]),
        outputs=["y"], tolerance=_check_close(1e-4, 1e-7),
        work=lambda x: 2 * 4 * n * m,
        library=[("Triton", lambda t: lib.triton.softmax(t["x"], t["y"]))]
        if lib.triton else [])


def _histogram_job(n):
    return Job(
        "histogram", "histogram of %s bytes, 256 bins, atomics" % _label(n),
        "GB/s", 1,
        make=lambda rng, ctx: {
            "data": rng.integers(0, 256, size=n, dtype=np.uint8),
            "bins": np.zeros(256, np.uint32)},
        reference=lambda x: {"bins": np.bincount(
            x["data"], minlength=256).astype(np.uint32)},
        kiln=lambda x, ctx: ((ctx.groups * 256,), (256,), ["data", "bins"]),
        cuda=lambda x, ctx: ((ctx.groups,), (256,),
                             ["data", "bins", _i64(n)]),
        outputs=["bins"], tolerance=_check_close(0, 0), work=lambda x: n)


def _int_division_reference(x):
    """The kernel's loop on int64 NumPy arrays, wrapped to int32 per step."""
    def wrap(v):
        return ((v + (1 << 31)) % (1 << 32)) - (1 << 31)
    v = x["a"].astype(np.int64)
    d = x["b"].astype(np.int64)
    acc = np.zeros_like(v)
    for k in range(16):
        acc = wrap(acc + np.floor_divide(v, d + k) + np.remainder(v, d + k))
        v = wrap(v * 3 + 1)
    return {"out": acc.astype(np.int32)}


def _int_division_job(n):
    # Divisors 1..1000 and -1000..-1 (never 0 over the 16 steps), dividends
    # of both signs: every operand pair takes the floor fix-up sometimes.
    def make(rng, ctx):
        b = rng.integers(1, 1001, size=n, dtype=np.int32)
        b[rng.random(n) < 0.5] -= 1016
        return {"a": rng.integers(-(1 << 30), 1 << 30, size=n, dtype=np.int32),
                "b": b, "out": np.zeros(n, np.int32)}
    return Job(
        "int_division", "int32 // and %% by a varying divisor, %s x 16"
        % _label(n), "GB/s", 1, make=make,
        reference=_int_division_reference,
        kiln=lambda x, ctx: ((n,), None, ["a", "b", "out"]),
        cuda=lambda x, ctx: ((_cdiv(n, 256),), (256,),
                             ["a", "b", "out", _i64(n)]),
        outputs=["out"], tolerance=_check_close(0, 0),
        work=lambda x: 3 * 4 * n, assume=_DISTINCT_ALIGNED[:1] +
        ["--assume-aligned16=a,b,out"])


def all_jobs(full, lib, sgemm=4096):
    """Every job, at the issue's sizes (`full`; the SGEMMs' n = k = m is
    `sgemm`, a multiple of 128) or at small odd sizes that exercise the
    bounds guards (the CPU dry run)."""
    if full:
        s = sgemm
        return (_elementwise_jobs(1 << 28, lib) + _sum_jobs(1 << 28, lib) +
                [_stencil_job(16384, 16384), _transpose_job(16384, 16384, lib)]
                + _sgemm_jobs(s, s, s, s, s, s, lib) +
                [_sgemm_best_job(s, s, s, lib),
                 _softmax_job(32768, 2048, lib), _histogram_job(1 << 28),
                 _int_division_job(1 << 26)])
    return (_elementwise_jobs(100003, lib) + _sum_jobs(100003, lib) +
            [_stencil_job(130, 70), _transpose_job(100, 70, lib)] +
            _sgemm_jobs(40, 50, 70, 128, 32, 192, lib) +
            [_sgemm_best_job(256, 40, 384, lib), _softmax_job(33, 300, lib),
             _histogram_job(100003), _int_division_job(100003)])
