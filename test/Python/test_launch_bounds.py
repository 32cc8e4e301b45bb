"""`@kernel(max_work_group_size=N, min_work_groups_per_cu=M)` (docs/
language.md §2.3): the decorator accepts the options, the compiler reads
them from the source, and a launch whose work-group is larger than N is
refused with the kernel's name, compiled (the runtime, CPU device) and
simulated alike; smaller work-groups and Range launches run."""

import numpy as np
import pytest

import kiln
from kiln import Array, Item, NdItem, int64
from compiled import needs


@kiln.kernel(max_work_group_size=64, min_work_groups_per_cu=2)
def local_ids(it: NdItem, out: Array[int64]):
    out[it.get_global_id(0)] = it.get_local_id(0)


@kiln.kernel(max_work_group_size=64)
def ids(item: Item, out: Array[int64]):
    out[item.get_id(0)] = item.get_id(0)


def test_options_are_recorded():
    assert local_ids.options == {"max_work_group_size": 64,
                                 "min_work_groups_per_cu": 2}


@pytest.mark.parametrize("simulate", [False, True])
def test_larger_work_groups_are_refused(monkeypatch, simulate):
    if simulate:
        monkeypatch.setenv("KILN_SIMULATE", "1")
    else:
        monkeypatch.delenv("KILN_SIMULATE", raising=False)
        needs("cpu")
    out = np.zeros(128, np.int64)
    kiln.call_kernel(local_ids, kiln.NdRange((128,), (64,)), out)
    assert (out == np.arange(128) % 64).all()
    out[:] = -1
    with pytest.raises(ValueError, match=r"kernel 'local_ids': work-group of "
                       r"128 work-items exceeds the kernel's "
                       r"max_work_group_size of 64"):
        kiln.call_kernel(local_ids, kiln.NdRange((128,), (128,)), out)
    assert (out == -1).all()  # nothing ran
    kiln.call_kernel(ids, kiln.Range(1000), r := np.zeros(1000, np.int64))
    assert (r == np.arange(1000)).all()
