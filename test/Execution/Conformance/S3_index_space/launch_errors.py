# REQUIRES: opencl
# RUN: not kiln-run %s -k ids --range 8 --arg out=zeros:8 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: not kiln-run %s -k ids --nd-range 10:4 --arg out=zeros:10 2>&1 | FileCheck %s --check-prefix=DIVIDE
# RUN: not kiln-run %s -k ids --nd-range 8,6:4,4 --arg out=zeros:8 2>&1 | FileCheck %s --check-prefix=DIVIDE1
# RUN: not kiln-run %s -k ids --nd-range 0:4 --arg out=zeros:8 2>&1 | FileCheck %s --check-prefix=ZERO
# Launch-time errors of the index space (spec §3, §8): an NdItem kernel
# over a plain Range, a global extent not divisible by the local one, a
# zero extent -- each refused before running.
# RANGE: kiln-run: error: kernel 'ids' takes an NdItem and must be launched with an NdRange, not a Range
# DIVIDE: kiln-run: error: kernel 'ids': global extent 10 of dimension 0 is not divisible by local extent 4
# DIVIDE1: kiln-run: error: kernel 'ids': global extent 6 of dimension 1 is not divisible by local extent 4
# ZERO: kiln-run: error: kernel 'ids': global range dimension 0 is 0; extents must be positive


@kernel
def ids(it: NdItem, out: Array[int64]):
    out[it.get_global_id(0)] = 1
