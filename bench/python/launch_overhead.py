"""Host overhead of a warm `kiln.call_kernel_async` beside Triton's launch
of the same empty kernel, in one process (issue 13; docs/performance.md).

Each case is an empty kernel launched over Range(1), 10,000 times back to
back; a time is the loop's wall time per launch, without the final
synchronisation (done after, untimed); the figure is the median of
--repeats repetitions, Kiln's and Triton's alternating so that other load
hurts both alike. Cases: 1 scalar, 4 arrays + 2 scalars, 16 scalars.
Arrays are device-resident where the package has device arrays
(`kiln.asarray`); until then they are NumPy arrays, copied in and back
at every launch, and the table says so.

Kiln launches through its C extension (kiln._claunch) where it is built:
`kiln.call_kernel_async` is then the extension's C entry, which checks,
packs, submits and records a warm launch without a Python frame; else
through ctypes. The ctypes path's figure is printed beside it (the same
kernels through the Python call_kernel_async of kiln._launch, the
extension's launcher set aside), the peer the C path is judged against.
Columns besides the launch: Kiln's Python side (the launch minus the
time inside the runtime's submit: kiln_queue_submit, or
kiln_launch_plan_submit for a launch without an event where the C
launcher has a launch plan, counted by the extension; timed through
_fastlaunch._submit on the ctypes path; '-' where the launch takes
neither) and kiln_queue_submit alone (the C call through ctypes with a
descriptor built once, back to back, asking for an event unless the plan
launches without). Where launches go without events (launch groups,
_fastlaunch.py: on CUDA, or anywhere with KILN_LAUNCH_COVER=1), "Kiln,
events kept" is the same loop with that off (every launch asks for its
event and keeps it until seen complete), '-' elsewhere. "Kiln, Python
entry" is the loop through the Python call_kernel_async with the C
launcher (the warm path before the C entry), '-' where the C entry is
not installed. On a device other than CUDA, Triton is skipped with the
reason printed.

    PYTHONPATH=build/python python3 bench/python/launch_overhead.py \
        [--device cuda:0|cpu] [--launches 10000] [--repeats 7]
"""
import argparse
import statistics
import sys
import time

import numpy as np

import kiln
from kiln import Array, Item, float32, int64


@kiln.kernel
def empty1(item: Item, n: int64):
    if n < 0:
        n = n + 1


@kiln.kernel
def empty6(item: Item, a: Array[float32], b: Array[float32], c: Array[float32],
           d: Array[float32], n: int64, s: float32):
    if n < 0:
        a[0] = s


@kiln.kernel
def empty16(item: Item, a0: int64, a1: int64, a2: int64, a3: int64, a4: int64,
            a5: int64, a6: int64, a7: int64, a8: int64, a9: int64, a10: int64,
            a11: int64, a12: int64, a13: int64, a14: int64, a15: int64):
    if a0 < 0:
        a1 = a1 + 1


def kiln_arrays(device):
    """Four float32 arrays of 16 elements on `device`, and what they are."""
    host = [np.zeros(16, np.float32) for _ in range(4)]
    if hasattr(kiln, "asarray"):
        return [kiln.asarray(a, device=device) for a in host], "device arrays"
    return host, "NumPy arrays (copied in and back per launch: no device arrays yet)"


def kiln_cases(device):
    arrays, what = kiln_arrays(device)
    return [("1 scalar", empty1, (7,)),
            ("4 arrays + 2 scalars", empty6, (*arrays, 7, 2.0)),
            ("16 scalars", empty16, tuple(range(3, 19)))], what


def time_kiln(kernel, args, device, launches, launch=None):
    """Seconds per launch of `launches` back-to-back launches through
    `launch` (kiln.call_kernel_async by default)."""
    space, launch = kiln.Range(1), launch or kiln.call_kernel_async
    start = time.perf_counter()
    for _ in range(launches):
        launch(kernel, space, [], *args, device=device)
    elapsed = time.perf_counter() - start
    kiln.call_kernel(kernel, space, *args, device=device)  # drain, untimed
    return elapsed / launches


def python_call_kernel_async():
    """The Python call_kernel_async (what kiln.call_kernel_async is
    without the extension; the C entry passes it every other call)."""
    from kiln import _launch
    return _launch.call_kernel_async


class SubmitTimer:
    """kiln_queue_submit wrapped to add up the time spent inside it."""

    def __init__(self, fastlaunch):
        self.module, self.real, self.ns = fastlaunch, fastlaunch._submit, 0

    def __call__(self, *args):
        start = time.perf_counter_ns()
        status = self.real(*args)
        self.ns += time.perf_counter_ns() - start
        return status

    def __enter__(self):
        self.module._submit = self
        return self

    def __exit__(self, *exc):
        self.module._submit = self.real


class CtypesPath:
    """The kernel's fast plan without its C launcher: the ctypes path."""

    def __init__(self, kernel):
        (spec,) = kernel._dispatch.values()
        self.plan = spec.fast

    def __enter__(self):
        self.c, self.plan.c = self.plan.c, None

    def __exit__(self, *exc):
        self.plan.c = self.c


class EventsKept:
    """The kernel's fast plan without launch groups (every launch asks for
    its runtime event and keeps it until the package sees it complete); a
    no-op where the plan launches with events anyway (`active` False)."""

    def __init__(self, kernel):
        (spec,) = kernel._dispatch.values()
        self.plan = spec.fast
        self.active = self.plan is not None and self.plan.tail is not None

    def __enter__(self):
        if self.active:
            self.tail, self.plan.tail = self.plan.tail, None
            self.pool, self.plan.pool = self.plan.pool, []  # blocks' flags

    def __exit__(self, *exc):
        if self.active:
            self.plan.tail, self.plan.pool = self.tail, self.pool


def python_side(kernel, args, device, launches):
    """Seconds per launch outside kiln_queue_submit (None where the launch
    does not take the fast path)."""
    from kiln import _fastlaunch
    (spec,) = kernel._dispatch.values()
    if spec.fast is None:
        return None
    if spec.fast.c is not None:  # the extension counts its time inside
        _fastlaunch.extension.set_timing(True)
        total = time_kiln(kernel, args, device, launches) * launches
        inside = _fastlaunch.extension.set_timing(False) / 1e9
        return (total - inside * launches / (launches + 1)) / launches
    with SubmitTimer(_fastlaunch) as timer:
        total = time_kiln(kernel, args, device, launches) * launches
        # time_kiln's draining call_kernel also went through the timer.
        inside = timer.ns / 1e9 * launches / (launches + 1)
    return (total - inside) / launches


def submit_alone(kernel, args, device, launches):
    """Seconds per kiln_queue_submit of a descriptor built once."""
    from kiln import _capi, _fastlaunch
    (spec,) = kernel._dispatch.values()
    if spec.fast is None:
        return None
    lib, queue = _capi.lib(), spec.fast.queue
    block = _fastlaunch._Block(spec.fast)
    spec.fast._fill(block, kiln.Range(1), args)
    events, submit = [], _fastlaunch._submit
    start = time.perf_counter()
    for _ in range(launches):
        _capi.check(submit(queue, block.desc_ref, None, 0, block.events_ref),
                    "kiln_queue_submit")
        events.append(block.events.device)
    elapsed = time.perf_counter() - start
    for event in events:
        if event:  # none where launches go without events
            lib.kiln_event_release(event)
    return elapsed / launches


def triton_cases(device):
    """(launch function per case, torch.cuda.synchronize), or (None, why
    Triton is skipped)."""
    if not device.startswith("cuda"):
        return None, f"Triton runs on CUDA only (device {device})"
    try:
        import torch
        import triton_empty
    except Exception as error:  # no Triton or no torch here
        return None, f"Triton unavailable: {error}"
    t = [torch.zeros(16, dtype=torch.float32, device="cuda") for _ in range(4)]
    grid = (1,)
    return {"1 scalar": lambda: triton_empty.empty1[grid](7),
            "4 arrays + 2 scalars": lambda: triton_empty.empty6[grid](*t, 7, 2.0),
            "16 scalars": lambda: triton_empty.empty16[grid](*range(3, 19))}, \
        torch.cuda.synchronize


def time_triton(launch, sync, launches):
    start = time.perf_counter()
    for _ in range(launches):
        launch()
    elapsed = time.perf_counter() - start
    sync()
    return elapsed / launches


def us(seconds):
    return "-" if seconds is None else f"{seconds * 1e6:.2f}"


def measure(args):
    device = args.device
    cases, arrays = kiln_cases(device)
    triton, sync = triton_cases(device)  # sync: the reason when skipped
    rows = []
    for name, kernel, kargs in cases:
        kiln.call_kernel(kernel, kiln.Range(1), *kargs, device=device)  # compile
        if triton:
            triton[name]()
            sync()
        k, t, kc, ke, kp = [], [], [], [], []
        c_entry = kiln.call_kernel_async is not python_call_kernel_async()
        kept = EventsKept(kernel)
        for _ in range(args.repeats):
            k.append(time_kiln(kernel, kargs, device, args.launches))
            with CtypesPath(kernel):
                kc.append(time_kiln(kernel, kargs, device, args.launches,
                                    python_call_kernel_async()))
            if kept.active:
                with kept:
                    ke.append(time_kiln(kernel, kargs, device, args.launches))
            if c_entry:
                kp.append(time_kiln(kernel, kargs, device, args.launches,
                                    python_call_kernel_async()))
            if triton:
                t.append(time_triton(triton[name], sync, args.launches))
        py = [python_side(kernel, kargs, device, args.launches)
              for _ in range(args.repeats)]
        alone = [submit_alone(kernel, kargs, device, args.launches)
                 for _ in range(args.repeats)]
        med = lambda xs: None if not xs or None in xs else statistics.median(xs)
        rows.append((name, med(k), med(py), med(alone), med(t), med(kc),
                     med(ke), med(kp)))
    return rows, arrays, None if triton else sync


def launch_path():
    from kiln import _fastlaunch
    return ("C extension (kiln._claunch)" if _fastlaunch.extension is not None
            else "ctypes (kiln._claunch not built or KILN_LAUNCH_EXTENSION=0)")


def report(args, rows, arrays, skipped):
    device = kiln.Device(args.device)
    print(f"# Launch overhead: {device.name} ({device.selector}), Python "
          f"{sys.version.split()[0]}, {args.launches} launches x {args.repeats}, "
          f"{time.strftime('%Y-%m-%d')}")
    print(f"Kiln arrays: {arrays}; launches through {launch_path()}")
    if skipped:
        print(f"Triton: skipped: {skipped}")
    print()
    print("| case | Kiln µs/launch | Kiln Python side µs | kiln_queue_submit alone µs "
          "| Triton µs/launch | Kiln / Triton | Kiln ctypes path µs | C / ctypes "
          "| Kiln, events kept µs | Kiln, Python entry µs |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, k, py, alone, t, kc, ke, kp in rows:
        ratio = f"{k / t:.2f}" if t else "-"
        versus = f"{k / kc:.2f}" if kc else "-"
        print(f"| {name} | {us(k)} | {us(py)} | {us(alone)} | {us(t)} | {ratio} "
              f"| {us(kc)} | {versus} | {us(ke)} | {us(kp)} |")
    one, sixteen = rows[0], rows[2]
    print()
    print(f"16 scalars / 1 scalar: Kiln {sixteen[1] / one[1]:.2f}"
          + (f", Triton {sixteen[4] / one[4]:.2f}" if one[4] else ""))
    if one[2] is not None and sixteen[2] is not None:
        print(f"16 / 1, Python side only: {sixteen[2] / one[2]:.2f}")


def default_device():
    try:
        return kiln.Device("cuda:0").selector
    except Exception:
        return "cpu"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", default=None)
    parser.add_argument("--launches", type=int, default=10000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    args.device = args.device or default_device()
    rows, arrays, skipped = measure(args)
    report(args, rows, arrays, skipped)


if __name__ == "__main__":
    main()
