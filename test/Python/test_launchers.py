"""kiln.Launcher and kiln.ListLauncher on the CPU device: bound defaults,
per-call arguments, iterative launches whose iterations see each other's
results, the list launcher's order, statistics of a profiling queue, and
errors naming the parameter."""

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
def axpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]


def test_bound_defaults_and_call_arguments():
    x, y = np.arange(16, dtype=np.float32), np.zeros(16, np.float32)
    launcher = kiln.Launcher(axpy, kiln.Range(16), a=np.float32(2), x=x)
    assert launcher.parameters() == ["y"]
    host, _ = launcher(y=y)
    host.wait()
    np.testing.assert_array_equal(y, 2 * x)
    launcher(y=y)[0].wait()
    np.testing.assert_array_equal(y, 4 * x)


def test_iterations_see_each_others_results():
    x, y = np.ones(8, np.float32), np.zeros(8, np.float32)
    launcher = kiln.Launcher(axpy, kiln.Range(8), x=x)
    host, _ = launcher.iterate([{"a": np.float32(k)} for k in (1, 2, 3)], y=y)
    host.wait()
    np.testing.assert_array_equal(y, np.full(8, 6, np.float32))


def test_list_launcher_runs_in_order():
    x, y = np.ones(8, np.float32), np.zeros(8, np.float32)
    first = kiln.Launcher(axpy, kiln.Range(8), name="first", a=np.float32(1))
    second = kiln.Launcher(axpy, kiln.Range(8), name="second", a=np.float32(10))
    steps = kiln.ListLauncher("two").add(first, x=x, y=y).add(second, x=y, y=x)
    host, _ = steps.run()
    host.wait()
    np.testing.assert_array_equal(y, np.ones(8, np.float32))
    np.testing.assert_array_equal(x, np.full(8, 11, np.float32))
    assert set(steps.statistics()) == {"first", "second"}


def test_statistics_of_a_profiling_queue(cpu):
    if not cpu.supports_profiling:
        pytest.skip("the CPU device has no profiling queues")
    queue = kiln.Queue(cpu, profiling=True)
    x = np.ones(32, np.float32)
    launcher = kiln.Launcher(axpy, kiln.Range(32), queue=queue,
                             a=np.float32(1), x=x)
    for _ in range(3):
        launcher(y=np.zeros(32, np.float32))[0].wait()
    stats = launcher.statistics()
    assert stats.count == 3
    assert stats.total_ns >= stats.max_ns >= stats.min_ns > 0
    assert stats.mean_ns == pytest.approx(stats.total_ns / 3)
    plain = kiln.Launcher(axpy, kiln.Range(32), a=np.float32(1), x=x)
    plain(y=np.zeros(32, np.float32))[0].wait()
    assert plain.statistics().count == 0


def test_errors_name_the_parameter():
    x = np.ones(8, np.float32)
    with pytest.raises(TypeError, match="'b' is not a parameter"):
        kiln.Launcher(axpy, kiln.Range(8), b=x)
    launcher = kiln.Launcher(axpy, kiln.Range(8), x=x)
    with pytest.raises(TypeError, match="missing argument.*'y'"):
        launcher(a=np.float32(1))
    with pytest.raises(TypeError, match="'x' is bound as a default"):
        launcher(a=np.float32(1), x=x, y=x)
    with pytest.raises(TypeError, match="no index space"):
        kiln.Launcher(axpy, x=x)(a=np.float32(1), y=x)
    with pytest.raises(ValueError, match="at least one iteration"):
        launcher.iterate([], a=np.float32(1), y=x)
