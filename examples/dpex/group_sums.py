"""numba-dpex-style kernels for Kiln that annotate neither the work-item nor
the local accessor (issue 12 items 4, 5): the launch types them. `square`,
launched over a Range, gets an Item; `group_sums`, launched over an
NdRange, gets an NdItem, and its `slm` is typed by the LocalAccessor passed
for it (kiln-run: --local slm=64:float32).

Only the two Kiln import lines differ from numba-dpex usage
(`import numba_dpex as dpex`, `from numba_dpex import kernel_api as kapi`).
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def square(item, a, out):
    i = item.get_id(0)
    out[i] = a[i] * a[i]


@dpex.kernel
def group_sums(nd_item, a, slm, sums):
    lid = nd_item.get_local_id(0)
    slm[lid] = a[nd_item.get_global_id(0)]
    group = nd_item.get_group()
    kapi.group_barrier(group)
    # Tree reduction in local memory: halve the active work-items each step.
    stride = nd_item.get_local_range(0) // 2
    while stride > 0:
        if lid < stride:
            slm[lid] += slm[lid + stride]
        kapi.group_barrier(group)
        stride //= 2
    if lid == 0:
        sums[group.get_group_id(0)] = slm[0]


if __name__ == "__main__":
    a = (dpnp.arange(256) % 11).astype(dpnp.float32)
    squares = dpnp.empty_like(a)
    dpex.call_kernel(square, kapi.Range(256), a, squares)
    slm = kapi.LocalAccessor(32, dtype=dpnp.float32)
    sums = dpnp.zeros(256 // 32, dtype=dpnp.float32)
    dpex.call_kernel(group_sums, kapi.NdRange((256,), (32,)), squares, slm, sums)
    print(sums)
