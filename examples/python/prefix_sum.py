"""An inclusive prefix sum of a long array in three launches: a scan of
each work-group's block (keeping its total), a scan of the totals in one
work-group, then adding each block's offset.

    PYTHONPATH=build/python python3 examples/python/prefix_sum.py                # compiled, CPU device
    KILN_SIMULATE=1 PYTHONPATH=build/python python3 examples/python/prefix_sum.py  # the simulator
"""
import sys

import numpy as np

import kiln
from kiln import Array, NdItem, int64, group_exclusive_scan, group_inclusive_scan

BLOCK = 64


@kiln.kernel
def block_scan(it: NdItem, x: Array[int64], out: Array[int64], totals: Array[int64]):
    i = it.get_global_id(0)
    s = group_inclusive_scan(it.get_group(), x[i], "add")
    out[i] = s
    if it.get_local_id(0) == it.get_local_range(0) - 1:
        totals[it.get_group().get_group_id(0)] = s


@kiln.kernel
def scan_totals(it: NdItem, totals: Array[int64], offsets: Array[int64]):
    i = it.get_global_id(0)
    offsets[i] = group_exclusive_scan(it.get_group(), totals[i], "add")


@kiln.kernel
def add_offsets(it: NdItem, out: Array[int64], offsets: Array[int64]):
    out[it.get_global_id(0)] += offsets[it.get_group().get_group_id(0)]


def main():
    x = np.random.default_rng(6).integers(-100, 100, BLOCK * 8).astype(np.int64)
    groups = x.size // BLOCK
    out = np.zeros_like(x)
    totals = np.zeros(groups, np.int64)
    offsets = np.zeros(groups, np.int64)
    kiln.call_kernel(block_scan, kiln.NdRange(x.size, BLOCK), x, out, totals)
    kiln.call_kernel(scan_totals, kiln.NdRange(groups, groups), totals, offsets)
    kiln.call_kernel(add_offsets, kiln.NdRange(x.size, BLOCK), out, offsets)
    ok = np.array_equal(out, np.cumsum(x))
    print("prefix sum:", "verified" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
