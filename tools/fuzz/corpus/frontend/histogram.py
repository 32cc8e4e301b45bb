"""Histogram of byte values: per-work-group counts in local memory with
local atomics, then one global atomic add per bin and work-group.

    kiln-run examples/histogram.py -k histogram --nd-range 4096:256 \
        --arg data=@data.npy --arg bins=zeros:256 --out bins=bins.npy
"""
from kiln import (kernel, NdItem, Array, uint8, uint32, int64, local_array,
                  group_barrier, AtomicRef, AddressSpace, MemoryScope)

NBINS = 256


@kernel
def histogram(it: NdItem, data: Array[uint8], bins: Array[uint32]):
    g = it.get_group()
    lid = it.get_local_id(0)
    nloc = it.get_local_range(0)
    local_bins = local_array(NBINS, uint32)
    for b in range(lid, NBINS, nloc):
        local_bins[b] = 0
    group_barrier(g)
    i = it.get_global_id(0)
    if i < data.shape[0]:
        AtomicRef(local_bins, int64(data[i]), memory_scope=MemoryScope.WORK_GROUP,
                  address_space=AddressSpace.LOCAL).fetch_add(1)
    group_barrier(g)
    for b in range(lid, NBINS, nloc):
        if local_bins[b] != 0:
            AtomicRef(bins, b).fetch_add(local_bins[b])
