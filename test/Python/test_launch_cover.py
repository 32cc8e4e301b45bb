"""Launch groups (_fastlaunch.py): where fast launches cover each other
(an in-order queue; on by default on CUDA only, here forced on with
cover_mode "always" for the CPU device), a fast launch asks the runtime
for no event (KILN_LAUNCH_NO_EVENT) and joins its queue's open group;
a marker (kiln_queue_marker) closes the group every _GROUP launches, or
as soon as a launch of it is waited for, polled or depended on, and the
group's launches complete, dropping the objects passed, when the marker
is seen complete. Checked, through the C launcher and through ctypes: a
launch drops its objects only after its kernel ran (its write is in host
memory shared with the device when the weak reference dies); wait(),
is_complete() and the host event; dependencies on the same and on
another queue; groups closed every _GROUP launches release their
objects without any wait; call_kernel waits for the open group."""

import gc
import weakref

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32, int64
from compiled import needs


@pytest.fixture(autouse=True, params=["extension", "ctypes"])
def cpu(request, monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    device = needs("cpu")
    from kiln import _fastlaunch
    monkeypatch.setattr(_fastlaunch, "cover_mode", "always")
    if request.param == "ctypes":  # plans made now get no C launcher
        monkeypatch.setattr(_fastlaunch, "extension", None)
    yield device
    kiln.call_kernel(_kernels()[1], kiln.Range(1), 1)  # the groups drained


# Each test's kernels are its own, so that their fast plans are made with
# the fixture's settings (a plan reads them when made).
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


def _warm(slow, quick):
    kiln.call_kernel(quick, kiln.Range(1), 1)
    kiln.call_kernel(slow, kiln.Range(1), kiln.zeros(1, np.int64),
                     kiln.zeros(4, np.float32), 1)


def _host_visible():
    host = np.zeros(1, np.int64)
    out = kiln.asarray(host)
    assert out.data_ptr == host.ctypes.data  # the kernel writes `host`
    return host, out


def _slow_launch(slow, out, n=SPIN):
    token = kiln.zeros(4, np.float32)
    alive = weakref.ref(token)
    host_event, device_event = kiln.call_kernel_async(
        slow, kiln.Range(1), [], out, token, n)
    return alive, host_event, device_event


def test_a_grouped_launch_has_no_event_of_its_own():
    slow, quick, _ = _kernels()
    _warm(slow, quick)
    from kiln import _fastlaunch
    _, out = _host_visible()
    _, host_event, device_event = _slow_launch(slow, out, 1)
    group = device_event._launch  # the launch's record is its group
    assert type(group) is _fastlaunch._Group
    assert host_event._launch is group
    assert group.marker is None and not group.done  # still open
    assert group.objects[-1][1] is not None  # its arguments, held
    assert device_event.wait()
    assert group.done and group.objects is None and group.error is None
    assert host_event.is_complete() and not device_event.failed


def test_objects_are_dropped_after_the_kernel_once_polled():
    slow, quick, _ = _kernels()
    _warm(slow, quick)
    host, out = _host_visible()
    alive, host_event, _ = _slow_launch(slow, out)
    gc.collect()
    assert alive() is not None  # the launch holds it
    while not host_event.is_complete():  # the first poll closes the group
        gc.collect()
        assert alive() is not None  # held while pending
    gc.collect()
    assert alive() is None
    assert host[0] != 0, "objects dropped before the kernel ran"


def test_dropped_events_release_through_the_groups_markers():
    # No event is held or waited for: the group closes after _GROUP
    # launches and the next closes poll its marker.
    slow, quick, _ = _kernels()
    _warm(slow, quick)
    from kiln import _fastlaunch
    host, out = _host_visible()
    alive, _, device_event = _slow_launch(slow, out, 1000)
    group = device_event._launch
    del device_event
    launches = 0
    while alive() is not None:
        kiln.call_kernel_async(quick, kiln.Range(1), [], launches)
        launches += 1
        gc.collect()
        assert launches < 100 * _fastlaunch._GROUP, "never released"
    assert host[0] != 0
    assert group.done and group.marker is None
    assert launches >= _fastlaunch._GROUP - 1  # not before its group closed


def test_many_launches_all_complete_and_release():
    _, quick, _ = _kernels()
    kiln.call_kernel(quick, kiln.Range(1), 1)
    from kiln import _fastlaunch
    tokens = [kiln.zeros(1, np.float32) for _ in range(3)]
    refs = [weakref.ref(t) for t in tokens]
    events = [kiln.call_kernel_async(quick, kiln.Range(1), [], i)[1]
              for i in range(5 * _fastlaunch._GROUP + 7)]
    groups = {id(e._launch) for e in events}
    assert len(groups) >= 5  # one marker per _GROUP launches
    kiln.call_kernel(quick, kiln.Range(1), 1)  # waits for every group
    assert all(e.is_complete() for e in events)
    tail = events[0]._launch.tail
    assert not tail.closed and not tail.group.objects
    del tokens
    gc.collect()
    assert all(r() is None for r in refs)


@pytest.mark.parametrize("other_queue", [False, True])
def test_a_grouped_launch_as_a_dependency_is_waited_for(other_queue):
    slow, quick, copy_first = _kernels()
    _warm(slow, quick)
    src = kiln.zeros(1, np.int64)
    _, _, event = _slow_launch(slow, src)
    assert event._launch.marker is None  # open: the dependency closes it
    dst = np.zeros(1, np.int64)
    queue = kiln.Queue(kiln.Device("cpu")) if other_queue else None
    done, _ = kiln.call_kernel_async(copy_first, kiln.Range(1), [event],
                                     src, dst, queue=queue)
    done.wait()
    assert dst[0] != 0  # the slow kernel's write was there
    assert event.wait() and event.is_complete() and not event.failed


def test_call_kernel_waits_for_the_open_group():
    slow, quick, _ = _kernels()
    _warm(slow, quick)
    host, out = _host_visible()
    alive, _, device_event = _slow_launch(slow, out)
    group = device_event._launch
    del device_event
    kiln.call_kernel(quick, kiln.Range(1), 1)
    assert group.done and host[0] != 0
    gc.collect()
    assert alive() is None


def test_threads_launching_at_once_all_complete_and_release():
    import threading
    _, quick, copy_first = _kernels()
    dst = kiln.zeros(1, np.int64)
    kiln.call_kernel(copy_first, kiln.Range(1), kiln.zeros(1, np.int64), dst)
    from kiln import _fastlaunch
    events, refs, failures = [], [], []

    def launch_many():
        try:
            for _ in range(_fastlaunch._GROUP + 50):
                src = kiln.zeros(1, np.int64)
                refs.append(weakref.ref(src))
                events.append(kiln.call_kernel_async(
                    copy_first, kiln.Range(1), [], src, dst)[1])
                del src
        except Exception as error:  # reported below, not lost in the thread
            failures.append(error)

    threads = [threading.Thread(target=launch_many) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert any(r() is not None for r in refs)  # the open group holds some
    kiln.call_kernel(quick, kiln.Range(1), 1)
    assert all(e.is_complete() and not e.failed for e in events)
    gc.collect()
    assert all(r() is None for r in refs)
