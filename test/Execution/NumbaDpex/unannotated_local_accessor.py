# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.arange(16, dtype=np.float32)); np.save('%t/g.npy', np.arange(24, dtype=np.int32).reshape(4, 6))"
# RUN: kiln-run %s -k block_reverse --device cpu --nd-range 16:4 --arg a=@%t/a.npy --arg out=@%t/a.npy --local tile=4:float32 --out out=%t/reversed.npy
# RUN: kiln-run %s -k tile_flip --device cpu --nd-range 4,6:2,3 --arg g=@%t/g.npy --arg out=@%t/g.npy --local tile=2x3:int32 --out out=%t/flipped.npy
# RUN: %python -c "import numpy as np; a = np.arange(16, dtype=np.float32); print(np.array_equal(np.load('%t/reversed.npy'), a.reshape(4, 4)[:, ::-1].ravel()))" | FileCheck %s
# RUN: %python -c "import numpy as np; g = np.arange(24, dtype=np.int32).reshape(4, 6); t = g.reshape(2, 2, 2, 3)[:, ::-1, :, ::-1].reshape(4, 6); print(np.array_equal(np.load('%t/flipped.npy'), t))" | FileCheck %s
# An unannotated parameter given a local accessor at launch is a
# LocalAccessor of the --local size's dtype and rank (issue 12 item 5,
# numba-dpex style); on the CPU device against NumPy.
# CHECK: True
# RUN: not kiln-run %s -k block_reverse --device cpu --nd-range 16:4 --arg a=@%t/a.npy --arg out=@%t/a.npy --local tile=4 2>&1 | FileCheck %s --check-prefix=NODTYPE
# NODTYPE: kiln-run: error: argument 'tile': a generic parameter takes its dtype from its local size: write --local tile=SHAPE:DTYPE with a dtype such as float32
# RUN: not kiln-run %s -k block_reverse --device cpu --range 16 --arg a=@%t/a.npy --arg out=@%t/a.npy --local tile=4:float32 2>&1 | FileCheck %s --check-prefix=RANGE
# RANGE: kiln-run: error: argument 'tile': a local accessor is work-group memory and needs an NdRange launch, not a Range


@kernel
def block_reverse(it, a, tile, out):
    lid = it.get_local_id(0)
    gid = it.get_global_id(0)
    tile[lid] = a[gid]
    group_barrier(it.get_group())
    out[gid] = tile[it.get_local_range(0) - 1 - lid]


@kernel
def tile_flip(it, g, tile, out):
    # Each work-group reverses its 2x3 tile in both dimensions.
    i = it.get_local_id(0)
    j = it.get_local_id(1)
    ni = it.get_local_range(0)
    nj = it.get_local_range(1)
    tile[i, j] = g[it.get_global_id(0), it.get_global_id(1)]
    group_barrier(it.get_group())
    out[it.get_global_id(0), it.get_global_id(1)] = tile[ni - 1 - i, nj - 1 - j]
