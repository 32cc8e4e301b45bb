"""numba-dpex-style kernels for Kiln: the index queries numba-dpex has
(`get_linear_range`, `get_global_linear_range`, `get_local_linear_range`,
`dimensions` of an NdItem and of its Group), memory enums used as numbers,
and a kernel with no work-item parameter (issue 12 items 1, 7, 8).

Only the two Kiln import lines differ from numba-dpex usage
(`import numba_dpex as dpex`, `from numba_dpex import kernel_api as kapi`).
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def nd_report(nd_item: kapi.NdItem, out):
    i = nd_item.get_global_linear_id()
    g = nd_item.get_group()
    out[i, 0] = nd_item.get_global_linear_range()
    out[i, 1] = nd_item.get_local_linear_range()
    out[i, 2] = nd_item.dimensions
    out[i, 3] = g.dimensions + g.get_group_linear_range()
    out[i, 4] = kapi.MemoryOrder.SEQ_CST * 10 + kapi.MemoryScope.WORK_GROUP


@dpex.kernel
def item_report(item: kapi.Item, out):
    out[item.get_linear_id()] = item.get_linear_range() * 10 + item.dimensions


@dpex.kernel
def set_first(b):
    b[0] = 42


if __name__ == "__main__":
    out = dpnp.zeros((24, 5), dtype=dpnp.int64)
    dpex.call_kernel(nd_report, kapi.NdRange((4, 6), (2, 3)), out)
    flat = dpnp.zeros(24, dtype=dpnp.int64)
    dpex.call_kernel(item_report, kapi.Range(2, 3, 4), flat)
    b = dpnp.zeros(1, dtype=dpnp.int64)
    dpex.call_kernel(set_first, kapi.Range(8), b)
    print(out, flat, b)
