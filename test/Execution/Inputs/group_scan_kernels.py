# Kernels of the group_scan / group_broadcast shape tests
# (Execution/OpenCL/group_scan_shapes.test, Execution/CUDA/
# group_scan_shapes.test; checked by group_scan_shapes.py). The kernel is
# the same for 1-, 2- and 3-D launches: it indexes by global linear id, and
# collectives order work-items by local linear id.
from kiln import (kernel, device_func, NdItem, Group, Array, int8, int32,
                  int64, uint16, float32, float64, group_inclusive_scan,
                  group_exclusive_scan, group_broadcast)


@device_func
def scan_all(g: Group, k: int64, i: Array[int32], l: Array[int64],
             b: Array[int8], u: Array[uint16], f: Array[float32],
             d: Array[float64], oi: Array[int32, 2], ol: Array[int64, 2],
             ob: Array[int8, 2], ou: Array[uint16, 2], of: Array[float32, 2],
             od: Array[float64, 2], bb: Array[int8]):
    oi[k, 0] = group_inclusive_scan(g, i[k], "add")
    oi[k, 1] = group_inclusive_scan(g, i[k], "min")
    oi[k, 2] = group_inclusive_scan(g, i[k], "max")
    oi[k, 3] = group_inclusive_scan(g, i[k], "and")
    oi[k, 4] = group_inclusive_scan(g, i[k], "or")
    oi[k, 5] = group_inclusive_scan(g, i[k], "xor")
    oi[k, 6] = group_exclusive_scan(g, i[k], "add")
    oi[k, 7] = group_exclusive_scan(g, i[k], "min")
    oi[k, 8] = group_exclusive_scan(g, i[k], "max")
    oi[k, 9] = group_exclusive_scan(g, i[k], "and")
    oi[k, 10] = group_exclusive_scan(g, i[k], "or")
    oi[k, 11] = group_exclusive_scan(g, i[k], "xor")
    ol[k, 0] = group_inclusive_scan(g, l[k], "add")
    ol[k, 1] = group_exclusive_scan(g, l[k], "add")
    ol[k, 2] = group_inclusive_scan(g, l[k], "max")
    ol[k, 3] = group_exclusive_scan(g, l[k], "min")
    ob[k, 0] = group_inclusive_scan(g, b[k], "min")
    ob[k, 1] = group_exclusive_scan(g, b[k], "add")
    ou[k, 0] = group_inclusive_scan(g, u[k], "max")
    ou[k, 1] = group_exclusive_scan(g, u[k], "min")
    of[k, 0] = group_inclusive_scan(g, f[k], "add")
    of[k, 1] = group_exclusive_scan(g, f[k], "add")
    of[k, 2] = group_exclusive_scan(g, f[k], "max")
    od[k, 0] = group_inclusive_scan(g, d[k], "min")
    od[k, 1] = group_exclusive_scan(g, d[k], "add")
    # A broadcast in a device function (two barriers: its slot is shared
    # by every inlined call).
    bb[k] = group_broadcast(g, b[k], g.get_local_linear_range() - 1)


@kernel
def scans(it: NdItem, i: Array[int32], l: Array[int64], b: Array[int8],
          u: Array[uint16], f: Array[float32], d: Array[float64],
          oi: Array[int32, 2], ol: Array[int64, 2], ob: Array[int8, 2],
          ou: Array[uint16, 2], of: Array[float32, 2], od: Array[float64, 2],
          bb: Array[int8], bi: Array[int32, 2], bd: Array[float64]):
    g = it.get_group()
    k = it.get_global_linear_id()
    n = it.get_local_linear_range()
    scan_all(g, k, i, l, b, u, f, d, oi, ol, ob, ou, of, od, bb)
    # Consecutive broadcasts in a kernel: one barrier each, alternating
    # between two slots.
    bi[k, 0] = group_broadcast(g, i[k], 0)
    bi[k, 1] = group_broadcast(g, i[k], n - 1)
    bi[k, 2] = group_broadcast(g, i[k], n * 2 // 3)
    bd[k] = group_broadcast(g, d[k], n // 2)
