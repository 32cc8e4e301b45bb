"""Prefix sums within each work-group (inclusive and exclusive group scans)
plus each group's total, for a two-level scan of a long array.

    kiln-run examples/prefix_sum.py -k block_scan --nd-range 8192:512 \
        --arg x=@x.npy --arg inclusive=zeros:8192 --arg exclusive=zeros:8192 \
        --arg totals=zeros:16 --out inclusive=inc.npy --out exclusive=exc.npy --out totals=tot.npy
"""
from kiln import (kernel, NdItem, Array, int32, group_inclusive_scan,
                  group_exclusive_scan)


@kernel
def block_scan(it: NdItem, x: Array[int32], inclusive: Array[int32],
               exclusive: Array[int32], totals: Array[int32]):
    g = it.get_group()
    i = it.get_global_id(0)
    v = x[i]
    inc = group_inclusive_scan(g, v, "add")
    inclusive[i] = inc
    exclusive[i] = group_exclusive_scan(g, v, "add")
    if it.get_local_id(0) == it.get_local_range(0) - 1:
        totals[g.get_group_id(0)] = inc
