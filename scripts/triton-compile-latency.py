#!/usr/bin/env python3
"""Cold compile latency of Triton for the saxpy kernel Kiln benchmarks
(bench/CompileLatencyBenchmark.cpp), measured the same way: a long-lived
process, no compilation cache (a fresh TRITON_CACHE_DIR per compile), the
median of several compiles. Prints `triton_saxpy_cold_ms <median>`.
Runs on the GPU machine (scripts/gpu-check.sh), where Triton is installed.
"""
import os
import statistics
import sys
import tempfile
import time


def main():
    try:
        import torch
        import triton
        import triton.language as tl
    except ImportError as error:
        print(f"triton unavailable: {error}")
        return 0

    @triton.jit
    def saxpy(a, x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(y_ptr + offs, a * x + y, mask=mask)

    n = 1 << 20
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    saxpy[grid](2.0, x, y, n, BLOCK=1024)  # warm up Python, CUDA, imports
    torch.cuda.synchronize()
    times = []
    for block in (128, 256, 512, 2048, 4096, 64, 32):
        os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
        start = time.perf_counter()
        saxpy[grid](2.0, x, y, n, BLOCK=block)  # new specialization: compiles
        torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1e3)
    print("triton_saxpy_cold_ms_all " + " ".join(f"{t:.1f}" for t in times))
    print(f"triton_saxpy_cold_ms {statistics.median(times):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
