"""Lazy completion of fast launches (_fastlaunch.py, "covering"): a fast
launch whose events the caller dropped gives up its runtime event before
the next fast launch on the same in-order queue is submitted, and is
complete when that later launch is seen complete. On by default on CUDA
only; here forced on (cover_mode "always") for the CPU device. Checked:
a covered launch drops the Python objects passed only after its kernel
ran (the kernel's write is in host memory shared with the device when
the weak reference dies); a launch whose events are held keeps its own
event; a covered launch used as a dependency (as a misjudged reference
count would make it) is waited for, on the same and on another queue; a
launch released but not covered (the next launch failed to pack) is
still waited for; errors of held events still surface."""

import gc
import weakref

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32, int64
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    device = needs("cpu")
    from kiln import _fastlaunch
    monkeypatch.setattr(_fastlaunch, "cover_mode", "always")
    return device


# Each test's kernels are its own, so that their fast plans are made with
# cover_mode "always" (a plan reads it when made).
def _kernels():
    @kiln.kernel
    def slow(item: Item, out: Array[int64], token: Array[float32], n: int64):
        acc = 0
        for j in range(n):
            acc = (acc + j * 7) % 1000003
        out[0] = acc + 1  # never 0: the write is visible

    @kiln.kernel
    def quick(item: Item, n: int64):
        if n < 0:
            n = n + 1

    @kiln.kernel
    def copy_first(item: Item, src: Array[int64], dst: Array[int64]):
        dst[0] = src[0]

    return slow, quick, copy_first


SPIN = 3_000_000  # tens of milliseconds on the CPU device


def _pending_record():
    """A weak reference to the newest launch's record (a strong one would
    count as the caller holding its events)."""
    from kiln import _host_tasks
    return weakref.ref(_host_tasks._pending[-1])


def _slow_launch(slow, out):
    token = kiln.zeros(4, np.float32)
    alive = weakref.ref(token)
    kiln.call_kernel_async(slow, kiln.Range(1), [], out, token, SPIN)
    record = _pending_record()
    return alive, record


def test_covered_launch_completes_only_with_the_launch_covering_it():
    # X (quick, its events dropped) is covered by Y, a slow launch whose
    # events are held: X must not be seen complete, nor drop the objects
    # passed to it, before Y is (its own kernel has long finished: the
    # rule, not the timing, is what is checked).
    slow, quick, _ = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)
    kiln.call_kernel(slow, kiln.Range(1), kiln.zeros(1, np.int64),
                     kiln.zeros(4, np.float32), 1)
    token = kiln.zeros(4, np.float32)
    alive = weakref.ref(token)
    out = kiln.zeros(1, np.int64)
    kiln.call_kernel_async(slow, kiln.Range(1), [], out, token, 1)  # X
    x = _pending_record()
    del token
    _, y_event = kiln.call_kernel_async(slow, kiln.Range(1), [], out,
                                        kiln.zeros(4, np.float32), 10 * SPIN)
    covered = x()
    assert covered is not None and covered.event is None  # handle released
    assert isinstance(covered.cover, weakref.ReferenceType)
    assert covered.cover() is y_event._launch
    del covered
    seen_pending = False
    while True:
        r = x()
        done = r is None or r.poll()
        del r
        gc.collect()
        y_done = y_event.is_complete()
        if not done:
            assert alive() is not None  # its objects are held while pending
            seen_pending = seen_pending or not y_done
            continue
        assert y_done, "covered launch complete before the launch covering it"
        assert alive() is None
        break
    assert seen_pending  # X was checked while Y ran
    y_event.wait()


def test_covered_launch_drops_objects_after_its_kernel():
    slow, quick, _ = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)  # compiled before timing
    kiln.call_kernel(slow, kiln.Range(1), kiln.zeros(1, np.int64),
                     kiln.zeros(4, np.float32), 1)
    host = np.zeros(1, np.int64)
    out = kiln.asarray(host)
    assert out.data_ptr == host.ctypes.data  # the kernel writes `host`
    alive, record = _slow_launch(slow, out)
    gc.collect()
    assert alive() is not None  # the launch holds it
    kiln.call_kernel_async(quick, kiln.Range(1), [], 1)
    covered = record()
    assert covered is not None and covered.event is None  # handle released
    del covered
    while True:  # the package's check, as the pending list makes it
        r = record()
        done = r is None or r.poll()
        del r
        gc.collect()
        if alive() is None:
            assert host[0] != 0, "objects dropped before the kernel ran"
            assert done
            break
        assert not done
    kiln.call_kernel(quick, kiln.Range(1), 1)


def test_held_events_keep_their_own_event():
    slow, quick, _ = _kernels()
    out = kiln.zeros(1, np.int64)
    token = kiln.zeros(4, np.float32)
    alive = weakref.ref(token)
    host, dev = kiln.call_kernel_async(slow, kiln.Range(1), [], out, token, 1000)
    del token
    kiln.call_kernel_async(quick, kiln.Range(1), [], 1)
    assert dev._launch.event is not None  # not covered: the caller holds it
    dev.wait()
    host.wait()
    assert dev.is_complete() and not dev.failed
    del host, dev
    gc.collect()
    assert alive() is None
    assert out.to_numpy()[0] != 0


def test_many_covered_launches_complete_and_release():
    _, quick, _ = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)
    from kiln import _host_tasks
    tokens = [kiln.zeros(1, np.float32) for _ in range(3)]
    refs = [weakref.ref(t) for t in tokens]
    records = []
    for i in range(300):
        kiln.call_kernel_async(quick, kiln.Range(1), [], i)
        records.append(_pending_record())
    covered = sum(1 for r in records if r() is not None and r().event is None
                  and not r().done)
    assert covered > 0  # most launches gave up their event
    # Events held: the last launch's are waited for, then all completed.
    host, dev = kiln.call_kernel_async(quick, kiln.Range(1), [], 5)
    dev.wait()
    kiln.call_kernel(quick, kiln.Range(1), 1)  # waits for every launch
    assert not _host_tasks._pending
    assert all(r() is None or r().done for r in records)
    del tokens
    gc.collect()
    assert all(r() is None for r in refs)


@pytest.mark.parametrize("other_queue", [False, True])
def test_covered_launch_as_a_dependency_is_waited_for(other_queue):
    slow, quick, copy_first = _kernels()
    from kiln import _host_tasks
    kiln.call_kernel(quick, kiln.Range(1), 1)
    src = kiln.zeros(1, np.int64)
    alive, record = _slow_launch(slow, src)
    kiln.call_kernel_async(quick, kiln.Range(1), [], 1)  # covers it
    r = record()
    assert r is not None and not r.done and r.event is None
    # A caller holding the covered launch's event (what a misjudged
    # reference count would leave): its dependents wait for the covering
    # launch, after it.
    event = _host_tasks.CompiledEvent(r)
    del r
    dst = np.zeros(1, np.int64)
    queue = kiln.Queue(kiln.Device("cpu")) if other_queue else None
    done, _ = kiln.call_kernel_async(copy_first, kiln.Range(1), [event],
                                     src, dst, queue=queue)
    done.wait()
    assert dst[0] != 0  # the slow kernel's write was there
    event.wait()
    assert event.is_complete() and not event.failed


def test_released_but_not_covered_launch_is_still_waited_for():
    slow, quick, _ = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)
    host = np.zeros(1, np.int64)
    out = kiln.asarray(host)
    alive, record = _slow_launch(slow, out)
    with pytest.raises(ValueError):  # does not pack: nothing submitted
        kiln.call_kernel_async(quick, kiln.Range(1), [], 2**70)
    r = record()
    assert r is not None and r.event is None and not r.done
    assert type(r.cover) is int  # waiting for a launch to cover it
    from kiln import _host_tasks
    _host_tasks.CompiledEvent(r).wait()  # waits for the queue
    assert r.done and host[0] != 0
    del r
    gc.collect()
    assert alive() is None
    kiln.call_kernel(quick, kiln.Range(1), 1)
    gc.collect()
    assert alive() is None and host[0] != 0
