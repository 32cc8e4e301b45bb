"""Start-up costs of the kiln package (issue 13; docs/performance.md), each
measured in fresh subprocesses, medians of --runs:

* `import kiln`, and whether it loaded LLVM (it must not);
* the first call of a new kernel in a warm process (KILN_CACHE=0, so the
  compile is real), split into the JIT's compile (kiln_compile_for_arguments),
  the driver's load (kiln_executable_load), the warm launch, and the rest:
  the package's own cost;
* a fresh process with a warm disk cache: import, loading the runtime
  library (libkiln.so), opening the device (the driver's context creation),
  then the first launch (the package's disk-cache index hit, the load, the
  launch; the compiler library is not loaded, which the run reports), with
  the index lookup's time (and the JIT's, were the compiler needed). NumPy
  is imported before the library, as a program launching kernels has it,
  and its import is shown apart.

    PYTHONPATH=build/python python3 bench/python/startup.py [--device cuda:0|cpu]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

T0 = time.perf_counter()


def _kernels():
    import kiln
    from kiln import Item, int64

    @kiln.kernel
    def warmup(item: Item, n: int64):
        if n < 0:
            n = n + 1

    @kiln.kernel
    def fresh(item: Item, n: int64, m: int64):
        if n < m:
            n = n + 1
    return warmup, fresh


class Timed:
    """A C function that adds up its time."""

    def __init__(self, func):
        self.func, self.seconds = func, 0.0

    def __call__(self, *args):
        start = time.perf_counter()
        try:
            return self.func(*args)
        finally:
            self.seconds += time.perf_counter() - start


def _timed_library():
    """Times the JIT's compiles (the compiler library wrapped when it is
    loaded, never loaded here), the driver's loads and the package's index
    lookups."""
    from kiln import _capi, _diskindex
    lib = _capi.lib()
    load = lib.kiln_executable_load = Timed(lib.kiln_executable_load)
    compile_ = Timed(None)
    loader = _capi.compiler_lib

    def compiler_lib():
        clib = loader()
        if compile_.func is None:
            compile_.func = clib.kiln_compile_for_arguments
            clib.kiln_compile_for_arguments = compile_
        return clib
    _capi.compiler_lib = compiler_lib
    lookup = _diskindex.lookup = Timed(_diskindex.lookup)
    return compile_, load, lookup


def _compiler_loaded():
    with open("/proc/self/maps") as maps:
        text = maps.read()
    return "libkiln_python" in text or "libMLIR" in text


def child_import():
    import kiln  # noqa: F401
    elapsed = time.perf_counter() - T0
    with open("/proc/self/maps") as maps:
        llvm = "libLLVM" in maps.read()
    return {"import_ms": elapsed * 1e3, "llvm_loaded": llvm}


def child_first_call(device):
    import kiln
    warmup, fresh = _kernels()
    compile_, load, _ = _timed_library()
    kiln.call_kernel(warmup, kiln.Range(1), 1, device=device)
    compile_.seconds = load.seconds = 0.0
    start = time.perf_counter()
    kiln.call_kernel(fresh, kiln.Range(1), 1, 2, device=device)
    first = time.perf_counter() - start
    start = time.perf_counter()
    kiln.call_kernel(fresh, kiln.Range(1), 1, 2, device=device)
    warm = time.perf_counter() - start
    rest = first - compile_.seconds - load.seconds - warm
    return {"first_ms": first * 1e3, "compile_ms": compile_.seconds * 1e3,
            "load_ms": load.seconds * 1e3, "warm_launch_ms": warm * 1e3,
            "package_ms": rest * 1e3}


def child_warm_cache(device):
    start = time.perf_counter()
    import kiln
    from kiln import _capi
    imported = time.perf_counter()
    import numpy  # noqa: F401 (what a program launching kernels has loaded)
    numpy_loaded = time.perf_counter()
    _capi.lib()
    loaded = time.perf_counter()
    kiln.Device(device).queue  # the driver's context and the queue
    opened = time.perf_counter()
    warmup, _ = _kernels()
    compile_, load, lookup = _timed_library()
    kiln.call_kernel(warmup, kiln.Range(1), 1, device=device)
    done = time.perf_counter()
    return {"import_ms": (imported - start) * 1e3,
            "numpy_ms": (numpy_loaded - imported) * 1e3,
            "library_ms": (loaded - numpy_loaded) * 1e3,
            "device_ms": (opened - loaded) * 1e3,
            "first_launch_ms": (done - opened) * 1e3,
            "disk_hit_ms": compile_.seconds * 1e3, "load_ms": load.seconds * 1e3,
            "index_ms": lookup.seconds * 1e3, "compiler_loaded": _compiler_loaded()}


def run_child(mode, device, env):
    out = subprocess.run([sys.executable, __file__, "--child", mode,
                          "--device", device], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def medians(results):
    return {k: statistics.median(r[k] for r in results) for k in results[0]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", default="cuda:0")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--child", default=None)
    args = parser.parse_args()
    if args.child:
        work = {"import": lambda: child_import(),
                "first": lambda: child_first_call(args.device),
                "cached": lambda: child_warm_cache(args.device)}[args.child]
        print(json.dumps(work()))
        return
    report(args)


def report(args):
    cache = tempfile.mkdtemp(prefix="kiln-startup-cache-")
    env = dict(os.environ, KILN_CACHE_DIR=cache)
    imports = [run_child("import", args.device, env) for _ in range(args.runs)]
    first = medians([run_child("first", args.device, dict(env, KILN_CACHE="0"))
                     for _ in range(args.runs)])
    run_child("cached", args.device, env)  # fills the disk cache
    cached = medians([run_child("cached", args.device, env)
                      for _ in range(args.runs)])
    # The same with the package's index off: the compiler is loaded and
    # created, and its JIT finds the entry (the path before the index).
    compiled = medians([run_child("cached", args.device,
                                  dict(env, KILN_PYTHON_INDEX="0"))
                        for _ in range(args.runs)])
    ms = lambda value: f"{value:.1f} ms"
    print(f"# Start-up on {args.device}, Python {sys.version.split()[0]}, "
          f"medians of {args.runs} fresh processes, {time.strftime('%Y-%m-%d')}")
    print()
    print("| what | median |")
    print("|---|---|")
    print(f"| `import kiln` | {ms(statistics.median(r['import_ms'] for r in imports))} "
          f"(LLVM loaded: {'yes' if any(r['llvm_loaded'] for r in imports) else 'no'}) |")
    print(f"| first call of a new kernel, warm process, KILN_CACHE=0 | "
          f"{ms(first['first_ms'])}: compile {ms(first['compile_ms'])}, driver load "
          f"{ms(first['load_ms'])}, launch {ms(first['warm_launch_ms'])}, "
          f"the package {ms(first['package_ms'])} |")
    print(f"| fresh process, warm disk cache: import kiln / import numpy / library "
          f"/ device open | {ms(cached['import_ms'])} / {ms(cached['numpy_ms'])} / "
          f"{ms(cached['library_ms'])} / {ms(cached['device_ms'])} |")
    print(f"| then the first launch (index hit {ms(cached['index_ms'])}, JIT "
          f"{ms(cached['disk_hit_ms'])}, driver load {ms(cached['load_ms'])}; "
          f"compiler loaded: {'yes' if cached['compiler_loaded'] else 'no'}) "
          f"| {ms(cached['first_launch_ms'])} |")
    print(f"| first launch after import, minus NumPy's import and device open | "
          f"{ms(cached['library_ms'] + cached['first_launch_ms'])} |")
    print(f"| the same with KILN_PYTHON_INDEX=0 (compiler loaded and created, "
          f"JIT disk hit {ms(compiled['disk_hit_ms'])}) | "
          f"{ms(compiled['library_ms'] + compiled['first_launch_ms'])} |")


if __name__ == "__main__":
    main()
