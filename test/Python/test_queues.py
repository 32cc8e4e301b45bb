"""kiln.Queue on the CPU device: in-order and out-of-order queues for
`queue=`, the kernel's device timestamps on a profiling queue, dependent
events across queues of one device, and the errors."""

import numpy as np
import pytest

import kiln
from kiln import Array, Item, float32
from compiled import needs


@pytest.fixture(autouse=True)
def cpu(monkeypatch):
    monkeypatch.delenv("KILN_SIMULATE", raising=False)
    return needs("cpu")


@kiln.kernel
def add_one(item: Item, a: Array[float32], b: Array[float32]):
    i = item.get_id(0)
    b[i] = a[i] + 1.0


def test_device_properties(cpu):
    assert cpu.backend == "opencl" and cpu.type == "cpu"
    assert cpu.max_work_group_size >= 1 and cpu.local_mem_size > 0
    assert kiln.Device("cpu") is cpu


@pytest.mark.parametrize("in_order", [True, False])
def test_chain_across_queues(cpu, in_order):
    first, second = kiln.Queue(cpu, in_order=in_order), kiln.Queue(cpu)
    a = np.zeros(4096, np.float32)
    b, c = np.empty_like(a), np.empty_like(a)
    _, ev = kiln.call_kernel_async(add_one, kiln.Range(4096), [], a, b,
                                   queue=first)
    host, _ = kiln.call_kernel_async(add_one, kiln.Range(4096), [ev], b, c,
                                     queue=second)
    host.wait()
    np.testing.assert_array_equal(c, np.full(4096, 2, np.float32))


def test_profiling_timestamps(cpu):
    if not cpu.supports_profiling:
        pytest.skip("the CPU device has no profiling queues")
    queue = kiln.Queue(cpu, profiling=True)
    a = np.zeros(64, np.float32)
    host, device = kiln.call_kernel_async(add_one, kiln.Range(64), [], a,
                                          np.empty_like(a), queue=queue)
    host.wait()
    start, end = device.profiling_info_start, device.profiling_info_end
    assert isinstance(start, int) and isinstance(end, int) and end >= start > 0
    plain_host, plain = kiln.call_kernel_async(add_one, kiln.Range(64), [], a,
                                               np.empty_like(a),
                                               queue=kiln.Queue(cpu))
    plain_host.wait()
    assert plain.profiling_info_start is None


def test_call_kernel_on_a_queue(cpu):
    a, b = np.ones(8, np.float32), np.zeros(8, np.float32)
    kiln.call_kernel(add_one, kiln.Range(8), a, b, queue=kiln.Queue(in_order=False))
    np.testing.assert_array_equal(b, np.full(8, 2, np.float32))


def test_errors(cpu):
    queue = kiln.Queue(cpu)
    a = np.ones(8, np.float32)
    with pytest.raises(ValueError, match="device='python'"):
        kiln.call_kernel(add_one, kiln.Range(8), a, a, device="python",
                         queue=queue)
    with pytest.raises(ValueError, match="no such|not|unknown|cuda"):
        kiln.Queue("cuda:7")
    assert "in order" in repr(queue)
