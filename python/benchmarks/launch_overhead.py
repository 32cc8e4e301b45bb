"""Host overhead of the kiln package, the figures of docs/python.md:
`import kiln` in a fresh interpreter, and a warm `call_kernel_async`
(median of single launches, the kernel compiled and its dispatch entry
made) of an empty kernel with 2 scalars, with 1 scalar and with 16, and
with 4 NumPy arrays and 2 scalars (each array copied in and back); and
for the scalar kernels the C launch call alone (kiln_queue_submit).

    PYTHONPATH=build/python python3 python/benchmarks/launch_overhead.py [DEVICE]
"""
import os
import statistics
import subprocess
import sys
import time

import numpy as np

import kiln
from kiln import Array, Item, float32, int64


@kiln.kernel
def empty2(item: Item, n: int64, s: float32):
    if n < 0:
        s = s + 1.0


@kiln.kernel
def empty1(item: Item, n: int64):
    if n < 0:
        n = n + 1


@kiln.kernel
def empty16(item: Item, a0: int64, a1: int64, a2: int64, a3: int64, a4: int64,
            a5: int64, a6: int64, a7: int64, a8: int64, a9: int64, a10: int64,
            a11: int64, a12: int64, a13: int64, a14: int64, a15: int64):
    if a0 < 0:
        a1 = a1 + 1


@kiln.kernel
def empty4(item: Item, a: Array[float32], b: Array[float32], c: Array[float32],
           d: Array[float32], n: int64, s: float32):
    if n < 0:
        a[0] = s


def median_us(kernel, args, device, launches=2000):
    space = kiln.Range(1)
    host, _ = kiln.call_kernel_async(kernel, space, [], *args, device=device)
    host.wait()  # compiled, dispatch entry made
    times = []
    for _ in range(launches):
        start = time.perf_counter_ns()
        kiln.call_kernel_async(kernel, space, [], *args, device=device)
        times.append(time.perf_counter_ns() - start)
    kiln.call_kernel(kernel, space, *args, device=device)  # drain
    return statistics.median(times) / 1000


def submit_only_us(kernel, args, device, launches=2000):
    """The C launch call alone (kiln_queue_submit with a descriptor built
    once), for the share of the package's overhead."""
    import ctypes
    from kiln import _capi
    lib = _capi.lib()
    (spec,) = kernel._dispatch.values()
    device = kiln.Device(device)
    arg_structs = (_capi.Arg * len(args))()
    for j, value in enumerate(args):
        spec.packers[j](value, arg_structs[j], None)
    desc = _capi.LaunchDesc(struct_size=ctypes.sizeof(_capi.LaunchDesc),
                            kernel=spec.kernel, ndim=1, args=arg_structs,
                            nargs=len(args), global_=(ctypes.c_int64 * 3)(1))
    times, events = [], []
    for _ in range(launches):
        out = _capi.LaunchEvents(struct_size=ctypes.sizeof(_capi.LaunchEvents))
        start = time.perf_counter_ns()
        _capi.check(lib.kiln_queue_submit(device.queue, ctypes.byref(desc), None,
                                          0, ctypes.byref(out)), "submit")
        times.append(time.perf_counter_ns() - start)
        events.append(out.device)
    for event in events:
        lib.kiln_event_release(event)
    return statistics.median(times) / 1000


def import_ms(runs=15):
    code = "import time; t = time.perf_counter(); import kiln; print(time.perf_counter() - t)"
    env = dict(os.environ)
    out = [float(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                capture_output=True, text=True).stdout)
           for _ in range(runs)]
    return statistics.median(out) * 1000


def main():
    device = sys.argv[1] if len(sys.argv) > 1 else "cpu"
    print(f"device: {kiln.Device(device)}")
    print(f"import kiln: {import_ms():.1f} ms (median of 15 fresh interpreters)")
    arrays = [np.zeros(16, np.float32) for _ in range(4)]
    for label, kernel, args in [
            ("1 scalar", empty1, (1,)),
            ("2 scalars", empty2, (1, 2.0)),
            ("16 scalars", empty16, tuple(range(16))),
            ("4 NumPy arrays + 2 scalars", empty4, (*arrays, 1, 2.0))]:
        print(f"call_kernel_async, {label}: {median_us(kernel, args, device):.1f} us "
              "(median of 2000 warm launches)")
        if kernel is not empty4:
            print(f"  kiln_queue_submit alone: {submit_only_us(kernel, args, device):.1f} us")


if __name__ == "__main__":
    main()
