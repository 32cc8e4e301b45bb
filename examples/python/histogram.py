"""A histogram with atomics: each work-group counts into local memory with
work-group-scope atomics, then adds its counts to the global bins.

    PYTHONPATH=build/python python3 examples/python/histogram.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/histogram.py  # the simulator
"""
import sys

import numpy as np

import kiln
from kiln import (AddressSpace, Array, AtomicRef, MemoryScope, NdItem,
                  group_barrier, int64, local_array, uint8, uint32)

NBINS = 32


@kiln.kernel
def histogram(it: NdItem, data: Array[uint8], bins: Array[uint32]):
    lid = it.get_local_id(0)
    counts = local_array(NBINS, uint32)
    for b in range(lid, NBINS, it.get_local_range(0)):
        counts[b] = 0
    group_barrier(it.get_group())
    AtomicRef(counts, int64(data[it.get_global_id(0)]) % NBINS,
              memory_scope=MemoryScope.WORK_GROUP,
              address_space=AddressSpace.LOCAL).fetch_add(1)
    group_barrier(it.get_group())
    for b in range(lid, NBINS, it.get_local_range(0)):
        AtomicRef(bins, b).fetch_add(counts[b])


def main():
    data = np.random.default_rng(4).integers(0, 256, 2048).astype(np.uint8)
    bins = np.zeros(NBINS, np.uint32)
    kiln.call_kernel(histogram, kiln.NdRange(data.size, 128), data, bins)
    ok = np.array_equal(bins, np.bincount(data % NBINS, minlength=NBINS))
    print("histogram:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
