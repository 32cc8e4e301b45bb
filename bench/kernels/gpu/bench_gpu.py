#!/usr/bin/env python3
"""Kiln's GPU kernel suite (issue 9): every job of jobs.py run by Kiln
(kilnc artifacts launched through libkiln.so) and by its peers (the same
algorithm in CUDA C++ compiled by nvcc; Triton, torch.sum, cuBLAS, PyTorch
where jobs.py names them), all in this one process, on the same inputs.
Each result is checked against NumPy before it is timed; a timing is the
median over repetitions of many back-to-back launches ended by one sync.

    bench_gpu.py --kilnc kilnc --nvcc nvcc --lib build/lib/libkiln.so

prints `job | Kiln | peer | ratio` (ratio = Kiln speed / peer speed) and
writes bench-gpu.json and bench-gpu.png into --out (default $OUT).

`--device cpu --dry` runs the Kiln side of every job at small sizes on the
OpenCL CPU device (PoCL) and checks it: what keeps the harness from rotting
on machines without a GPU (test/Tools/bench-gpu-cpu-dry.test).

`--profile` (for ncu, scripts/ncu-suite.sh) times nothing: each
implementation runs its checked launch (the warm-up), then exactly one
launch inside its own cuProfilerStart/Stop range, which `ncu
--profile-from-start off` profiles; on the GPU each range begins with the
empty kernel kiln_ncu_marker (cuda/ncu_marker.cu), by which ncu_table.py
attributes ncu's results. `--profile-manifest` lists the ranges in order.
Kiln and the nvcc peer only, unless `--profile-library`.
"""
import argparse
import concurrent.futures
import ctypes
import datetime
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import types

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(os.path.dirname(HERE), "kiln")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)

import jobs as job_table  # noqa: E402
import kiln_ctypes  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--device", default="cuda", help="cuda or cpu (PoCL)")
    p.add_argument("--dry", action="store_true",
                   help="small sizes, Kiln only, one short repetition")
    p.add_argument("--kilnc", default="kilnc", help="compiles the kernels")
    p.add_argument("--nvcc", default=None, help="compiles the CUDA peers")
    p.add_argument("--arch", default="sm_90")
    p.add_argument("--lib", default=None,
                   help="libkiln.so (default: $KILN_LIB, else ../lib of kilnc)")
    p.add_argument("--work", default=None,
                   help="folder for compiled code (default: a new temporary)")
    p.add_argument("--out", default=os.environ.get("OUT"),
                   help="folder for bench-gpu.json/.png (default $OUT)")
    p.add_argument("--label", default=None, help="device name in the JSON")
    p.add_argument("--jobs", default=".", help="regex of job names to run")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--seconds", type=float, default=0.1,
                   help="length of one repetition")
    p.add_argument("--compile-only", action="store_true")
    p.add_argument("--profile", action="store_true",
                   help="one launch of each implementation in a profiler "
                   "range after its checked warm-up launch; no timing")
    p.add_argument("--profile-manifest", default=None,
                   help="JSON file listing the --profile ranges in order")
    p.add_argument("--profile-library", action="store_true",
                   help="--profile the library peers too")
    p.add_argument("--sgemm-size", type=int, default=None,
                   help="n = k = m of the SGEMM jobs (default: the suite's)")
    args = p.parse_args()
    if (args.profile_manifest or args.profile_library) and not args.profile:
        p.error("--profile-manifest and --profile-library need --profile")
    return args


# Compiling -----------------------------------------------------------------

def which(tool, fallback=None):
    found = shutil.which(tool) if tool else None
    if found:
        return found
    if fallback and os.path.exists(fallback):
        return fallback
    sys.exit("bench_gpu: %s not found" % (tool or fallback))


def compile_all(args, jobs):
    """kilnc artifacts for the device, each kernel specialized for its
    launch's rank as kiln-run and the JIT do, and cubins when a GPU runs
    them or --nvcc is given; in parallel, failures listed together."""
    target = "ptx" if args.device.startswith("cuda") else "spirv"
    kilnc = which(args.kilnc)
    commands = []
    for job in jobs:
        source = (os.path.join(ROOT, job.source) if job.source else
                  os.path.join(KERNELS, job.name + ".py"))
        commands.append([kilnc, source,
                         "-k", job.name, "--target", target, "--arch",
                         args.arch, "--launch-rank", str(job.rank)]
                        + job.assume
                        + ["--emit-artifact", "-o",
                           os.path.join(args.work, job.name + ".kiln")])
    if args.nvcc or (target == "ptx" and not args.dry):
        nvcc = which(args.nvcc or "nvcc", "/usr/local/cuda/bin/nvcc")
        for job in jobs:
            commands.append([nvcc, "-O3", "-arch=" + args.arch, "-cubin",
                             "-o", os.path.join(args.work, job.name + ".cubin"),
                             os.path.join(HERE, "cuda", job.name + ".cu")])
        if args.profile:
            commands.append([nvcc, "-O3", "-arch=" + args.arch, "-cubin",
                             "-o", os.path.join(args.work, MARKER + ".cubin"),
                             os.path.join(HERE, "cuda", "ncu_marker.cu")])
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        results = list(pool.map(
            lambda c: subprocess.run(c, capture_output=True, text=True),
            commands))
    failed = [(c, r) for c, r in zip(commands, results) if r.returncode]
    for command, result in failed:
        print("FAILED: %s\n%s" % (" ".join(command), result.stderr),
              file=sys.stderr)
    print("compiled %d kernels (%s), %d failed" % (
        len(commands), target, len(failed)))
    return not failed


# Timing ---------------------------------------------------------------------

def measure(launch, sync, reps, seconds):
    """Seconds per launch: the median over `reps` repetitions of enough
    back-to-back launches to last `seconds`, each ended by one sync."""
    launch()
    sync()
    start = time.perf_counter()
    launch()
    sync()
    one = time.perf_counter() - start
    count = max(1, min(2000, int(seconds / max(one, 1e-6))))
    samples = []
    for _ in range(reps):
        start = time.perf_counter()
        for _ in range(count):
            launch()
        sync()
        samples.append((time.perf_counter() - start) / count)
    return statistics.median(samples)


# Profiling (--profile) -----------------------------------------------------------

MARKER = "kiln_ncu_marker"


class Profiler:
    """One launch of each implementation inside its own profiler range,
    after the launch that was checked (module load, Triton's JIT and the
    first-touch costs stay outside). On the GPU the range is
    cuProfilerStart/Stop and begins with the marker kernel; on the CPU
    (dry run) there is no profiler and only the count is kept. `ranges`
    lists (job, implementation, launches in the range, launches before)."""

    def __init__(self, cuda=None, marker=None):
        self.cuda, self.marker, self.ranges = cuda, marker, []

    def once(self, job, implementation, launch, sync):
        """Profiles one call of `launch`. Kiln's and the nvcc peer's
        launches count their submissions (`launch.count`: kiln_launch /
        cuLaunchKernel calls); a library peer's count is its calls."""
        if not hasattr(launch, "count"):
            launch = _counted(launch)
        before = launch.count
        if self.cuda:
            self.cuda.profiler_start()
        try:
            if self.marker:
                self.marker()
            launch()
            sync()
        finally:
            if self.cuda:
                self.cuda.profiler_stop()
        entry = {"job": job.title, "name": job.name,
                 "implementation": implementation,
                 "launches": launch.count - before, "warmups": before}
        self.ranges.append(entry)
        print("profiled: %s | %s | %d launch%s in the range after %d "
              "warm-up%s" % (job.title, implementation, entry["launches"],
                             "" if entry["launches"] == 1 else "es", before,
                             "" if before == 1 else "s"))
        sys.stdout.flush()
        return entry["launches"] == 1 and before >= 1

    def write(self, path, device, sizes):
        with open(path, "w") as f:
            json.dump({"device": device, "sizes": sizes, "marker": MARKER,
                       "ranges": self.ranges}, f, indent=1)
        print("wrote %s (%d ranges)" % (path, len(self.ranges)))


def _counted(function):
    def launch():
        launch.count += 1
        return function()
    launch.count = 0
    return launch


# Implementations --------------------------------------------------------------

def run_kiln(rt, job, artifact, inputs, expected, ctx, args):
    """Kiln's speed, or the reason it has none."""
    kernel = rt.load(artifact, job.name)
    arrays = {name: rt.to_device(value) for name, value in inputs.items()}
    global_range, local_range, params = job.kiln(inputs, ctx)
    assert len(global_range) == job.rank, "compiled for another rank"
    launch = rt.prepare(kernel, global_range, local_range,
                        [arrays[p] if isinstance(p, str) else p
                         for p in params])
    launch()
    rt.release_events()
    for name in job.outputs:
        if not job.tolerance(arrays[name].to_numpy(), expected[name]):
            return None, "WRONG result in '%s'" % name
    if args.profiler:
        ok = args.profiler.once(job, "Kiln", launch, rt.finish)
        rt.release_events()
        return None, None if ok else "not one launch in the profiler range"
    seconds = measure(launch, rt.finish, args.reps, args.seconds)
    rt.release_events()
    return seconds, None


def to_torch(torch, array):
    # uint32 has few operations in PyTorch: the kernels see the same bits.
    if array.dtype == np.uint32:
        array = array.view(np.int32)
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def from_torch(tensor, like):
    return tensor.cpu().numpy().view(like.dtype).reshape(like.shape)


def run_peer(lib, job, name, launch, tensors, inputs, expected, args):
    """A peer's speed from `launch` (returning its output tensor, or None
    when it writes the job's output array), or the reason it has none."""
    torch = lib.torch
    for output in job.outputs:
        tensors[output].copy_(to_torch(torch, inputs[output]))
    result = launch()
    torch.cuda.synchronize()
    output = job.outputs[0]
    got = from_torch(result if result is not None else tensors[output],
                     inputs[output])
    if not job.tolerance(got, expected[output]):
        return None, "WRONG result in '%s'" % output
    if args.profiler:
        nvcc = name == NVCC
        if args.profiler.once(job, "nvcc" if nvcc else name, launch,
                              torch.cuda.synchronize) or not nvcc:
            return None, None
        return None, "not one launch in the profiler range"
    return measure(launch, torch.cuda.synchronize, args.reps,
                   args.seconds), None


NVCC = "CUDA C++ (nvcc -O3)"


def peers_of(lib, job, work, inputs, ctx):
    """(name, launch, tensors) of each peer of `job` on the GPU."""
    torch = lib.torch
    tensors = {name: to_torch(torch, value) for name, value in inputs.items()}
    function = lib.cuda.load(os.path.join(work, job.name + ".cubin"),
                             job.name)
    grid, block, params = job.cuda(inputs, ctx)
    scalar = {np.dtype(np.int64): ctypes.c_int64,
              np.dtype(np.float32): ctypes.c_float}
    cuda_args = [tensors[p] if isinstance(p, str) else
                 scalar[np.asarray(p).dtype](p) for p in params]
    cuda_launch = lib.cuda.prepare(function, grid, block, cuda_args,
                                   torch.cuda.current_stream().cuda_stream)
    peers = [(NVCC, cuda_launch)]
    if lib.profile_library is False:
        return peers, tensors
    for name, fn in job.library:
        peers.append((name, lambda fn=fn: fn(tensors)))
    return peers, tensors


# The suite --------------------------------------------------------------------

def open_peers(args):
    """The GPU peers' libraries (None on the CPU dry run)."""
    lib = types.SimpleNamespace(torch=None, triton=None, cuda=None,
                                profile_library=None)
    if args.dry or args.compile_only or not args.device.startswith("cuda"):
        return lib
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.empty(1, device="cuda")  # the primary context, made current
    lib.torch = torch
    import cuda_driver
    lib.cuda = cuda_driver.CudaDriver()
    if args.profile:
        lib.profile_library = args.profile_library
        if not args.profile_library:
            return lib  # no Triton: not profiled, not imported
    try:
        import triton_peers
        lib.triton = triton_peers
    except Exception as error:  # the other peers still run
        print("Triton peers skipped: %s" % error)
    return lib


def run_job(rt, lib, job, args, ctx, rng):
    inputs = job.make(rng, ctx)
    expected = job.reference(inputs)
    artifact = os.path.join(args.work, job.name + ".kiln")
    try:
        kiln, problem = run_kiln(rt, job, artifact, inputs, expected, ctx,
                                 args)
    except kiln_ctypes.KilnError as error:
        kiln, problem = None, "failed: %s" % error
    kiln_speed = job.speed(inputs, kiln) if kiln else None
    rows = []
    if lib.torch is None:
        rows.append(row(job, kiln_speed, problem, None, None, None))
        return rows
    peers, tensors = peers_of(lib, job, args.work, inputs, ctx)
    for name, launch in peers:
        try:
            seconds, peer_problem = run_peer(lib, job, name, launch, tensors,
                                             inputs, expected, args)
        except Exception as error:  # a peer's failure is its row's, not ours
            seconds, peer_problem = None, "failed: %s" % error
        speed = job.speed(inputs, seconds) if seconds else None
        rows.append(row(job, kiln_speed, problem, name, speed, peer_problem))
    del tensors
    lib.torch.cuda.empty_cache()
    return rows


def row(job, kiln, problem, peer_name, peer, peer_problem):
    ratio = kiln / peer if kiln and peer else None
    return {"job": job.title, "kiln": kiln, "peer": peer,
            "peer_name": peer_name, "unit": job.unit, "ratio": ratio,
            "kiln_problem": problem, "peer_problem": peer_problem}


def cell(value, unit, problem):
    if problem:
        return problem
    digits = 2 if unit == "TFLOP/s" else 0
    return "%.*f %s" % (digits, value, unit) if value else "-"


def print_header():
    print("| job | Kiln | peer | ratio |")
    print("|---|---|---|---|")


def print_row(r):
    peer = ("%s %s" % (r["peer_name"], cell(r["peer"], r["unit"],
                                             r["peer_problem"]))
            if r["peer_name"] else "-")
    ratio = "%.2f" % r["ratio"] if r["ratio"] else "-"
    print("| %s | %s | %s | %s |" % (
        r["job"], cell(r["kiln"], r["unit"], r["kiln_problem"]), peer, ratio))
    sys.stdout.flush()


def write_results(args, rows, device):
    if not args.out:
        return
    os.makedirs(args.out, exist_ok=True)
    result = {"device": device,
              "date": datetime.datetime.now(datetime.timezone.utc)
              .strftime("%Y-%m-%dT%H:%M:%SZ"),
              "jobs": [{k: r[k] for k in ("job", "kiln", "peer", "peer_name",
                                          "unit", "ratio")} for r in rows]}
    path = os.path.join(args.out, "bench-gpu.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print("wrote %s" % path)
    if any(r["ratio"] for r in rows):  # the dry run has no peers
        subprocess.run([sys.executable,
                        os.path.join(os.path.dirname(HERE), "chart.py"), path,
                        os.path.join(args.out, "bench-gpu.png")])


def main():
    args = parse_args()
    pattern = re.compile(args.jobs)
    lib = open_peers(args)
    sizes = {"sgemm": args.sgemm_size} if args.sgemm_size else {}
    jobs = [j for j in job_table.all_jobs(not args.dry, lib, **sizes)
            if pattern.search(j.name)]
    args.work = args.work or tempfile.mkdtemp(prefix="bench-gpu-")
    os.makedirs(args.work, exist_ok=True)
    if not compile_all(args, jobs):
        return 1
    if args.compile_only:
        return 0
    if args.dry:
        args.reps, args.seconds = 1, 0.0
    args.profiler = None
    if args.profile:
        marker = None
        if lib.cuda:
            function = lib.cuda.load(
                os.path.join(args.work, MARKER + ".cubin"), MARKER)
            marker = lib.cuda.prepare(
                function, (1,), (32,), [],
                lib.torch.cuda.current_stream().cuda_stream)
        args.profiler = Profiler(lib.cuda, marker)
    library = args.lib or os.environ.get("KILN_LIB") or os.path.join(
        os.path.dirname(os.path.dirname(which(args.kilnc))), "lib",
        "libkiln.so")
    rt = kiln_ctypes.Runtime(args.device, library)
    sms = (lib.torch.cuda.get_device_properties(0).multi_processor_count
           if lib.torch else 1)
    # Grid-stride jobs: a few work-groups per multiprocessor.
    ctx = types.SimpleNamespace(groups=4 * sms)
    rng = np.random.default_rng(9)
    device = args.label or rt.device_name
    print("device: %s; %s" % (device, "dry run (Kiln only, small sizes)"
                              if args.dry else "medians of %d" % args.reps))
    if args.profile:
        print("profile mode: one launch per implementation, not timed")
    else:
        print_header()
    rows = []
    for job in jobs:
        for r in run_job(rt, lib, job, args, ctx, rng):
            if not args.profile or r["kiln_problem"] or r["peer_problem"]:
                print_row(r)
            rows.append(r)
    if args.profile:
        if args.profile_manifest:
            args.profiler.write(args.profile_manifest, device, sizes)
    else:
        write_results(args, rows, device)
    rt.close()
    bad = [r for r in rows if r["kiln_problem"] or r["peer_problem"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
