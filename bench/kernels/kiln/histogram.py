"""Histogram of byte values into 256 uint32 bins (zero them first): each
work-group counts its share in local memory with local atomics (grid-stride
loop), then adds each non-zero bin to global memory with one atomic.
Launch over NdRange(G * L : L) for any G (e.g. a few per compute unit).

    kiln-run bench/kernels/kiln/histogram.py -k histogram --nd-range 4096:256 \
        --arg data=@data.npy --arg bins=zeros:256 --out bins=bins.npy
"""
from kiln import (kernel, NdItem, Array, uint8, uint32, local_array,
                  group_barrier, AtomicRef, AddressSpace, MemoryScope)

NBINS = 256


@kernel
def histogram(it: NdItem, data: Array[uint8], bins: Array[uint32]):
    g = it.get_group()
    lid = it.get_local_id(0)
    nloc = it.get_local_range(0)
    counts = local_array(NBINS, uint32)
    for b in range(lid, NBINS, nloc):
        counts[b] = 0
    group_barrier(g)
    for k in range(it.get_global_id(0), data.shape[0], it.get_global_range(0)):
        AtomicRef(counts, data[k], memory_scope=MemoryScope.WORK_GROUP,
                  address_space=AddressSpace.LOCAL).fetch_add(1)
    group_barrier(g)
    for b in range(lid, NBINS, nloc):
        if counts[b] != 0:
            AtomicRef(bins, b).fetch_add(counts[b])
