# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/u.npy', np.random.default_rng(7).standard_normal((16, 24)).astype(np.float32))"
# RUN: kiln-run %s -k stencil -g --nd-range 16,24:4,8 --local tile=4x8 --arg u=@%t/u.npy --arg out=zeros:16x24 --out out=%t/dbg.npy
# RUN: kiln-run %s -k stencil --nd-range 16,24:4,8 --local tile=4x8 --arg u=@%t/u.npy --arg out=zeros:16x24 --out out=%t/rel.npy
# RUN: %python -c "import numpy as np; u = np.load('%t/u.npy'); d, r = np.load('%t/dbg.npy'), np.load('%t/rel.npy'); w = u.copy(); w[1:-1, 1:-1] = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]; assert (d == r).all(); assert np.allclose(d, w, rtol=1e-5, atol=1e-5); print('debug ok')" | FileCheck %s
# Debug mode has no false positives (spec §7): a 2-D stencil that touches
# the first and last row and column of a global array and of a 2-D local
# accessor runs under -g and gives the release build's results.
# CHECK: debug ok


@kernel
def stencil(it: NdItem, u: Array[float32, 2], out: Array[float32, 2], tile: LocalAccessor[float32, 2]):
    i = it.get_global_id(0)
    j = it.get_global_id(1)
    tile[it.get_local_id(0), it.get_local_id(1)] = u[i, j]
    group_barrier(it.get_group())
    last_i = u.shape[0] - 1
    last_j = u.shape[-1] - 1
    if 0 < i < last_i and 0 < j < last_j:
        out[i, j] = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4 * tile[it.get_local_id(0), it.get_local_id(1)]
    else:
        out[i, j] = u[i, j]
