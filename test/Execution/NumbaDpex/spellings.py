# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/dpex_language.py make spellings %t
# RUN: kiln-run %s -k group_sums --device cpu --nd-range 64:16 --arg x=@%t/x.npy --arg sums=@%t/sums.npy --out sums=%t/res_sums.npy
# RUN: %python %S/Inputs/dpex_language.py check spellings %t | FileCheck %s
# A kernel written with numba-dpex's module paths (issue 12 item 1): the
# decorator through `import numba_dpex as dpex`, kernel_api names through
# `kapi`, a device function through `dpex.device_func`, names imported
# from numba_dpex.kernel_api, dpnp dtypes; on the CPU device against NumPy.
# CHECK: spellings: ok
import dpnp
import numba_dpex as dpex
from numba_dpex import kernel_api as kapi
from numba_dpex.kernel_api import AtomicRef, MemoryOrder


@dpex.device_func
def twice(v):
    return v * 2


@dpex.kernel
def group_sums(nd_item: kapi.NdItem, x, sums):
    i = nd_item.get_global_id(0)
    tile = dpex.local_array(16, dpnp.float32)
    tile[nd_item.get_local_id(0)] = twice(x[i])
    kapi.group_barrier(nd_item.get_group(), kapi.MemoryScope.WORK_GROUP)
    if nd_item.get_local_id(0) == 0:
        acc = kapi.PrivateArray(1, sums.dtype, fill_zeros=True)
        for j in range(16):
            acc[0] += tile[j]
        ref = AtomicRef(sums, nd_item.get_group().get_group_id(0),
                        memory_order=MemoryOrder.RELAXED,
                        memory_scope=kapi.MemoryScope.DEVICE)
        ref.fetch_add(acc[0])
