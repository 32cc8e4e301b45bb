# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# numba-dpex's module paths (spec §1, v2): decorators through `import
# numba_dpex as dpex` (and experimental), kernel_api names qualified by
# `kapi` (annotations, builtins, enums), `kiln.`-qualified ones, and names
# imported from numba_dpex.kernel_api.
import dpnp
import numba_dpex as dpex
import numba_dpex.experimental as dpex_exp
from numba_dpex import kernel_api as kapi
from numba_dpex.kernel_api import MemoryScope, group_barrier as barrier
import kiln

# CHECK-NOT: warning
@dpex.device_func
def twice(x):
    return x * 2


# CHECK-LABEL: kiln.kernel @tiles(
# CHECK-SAME: !kiln.nd_item
# CHECK-SAME: !kiln.array<f32, 1, local> {{{.*}}kiln.local_accessor
# CHECK: kiln.private_alloc
# CHECK: kiln.barrier %{{.+}}, work_group
# CHECK: kiln.atomic_rmw add %{{.+}}, relaxed, device
# CHECK: kiln.barrier %{{.+}}, device
@dpex.kernel
def tiles(it: kapi.NdItem, a: kiln.Array[kapi.float32],
          tmp: kapi.LocalAccessor[dpnp.float32], n: dpex.int32):
    i = it.get_global_id(0)
    p = kapi.PrivateArray(2, dpnp.float32)
    p[0] = a[i]
    tmp[it.get_local_id(0)] = twice(p[0])
    kapi.group_barrier(it.get_group())
    r = kapi.AtomicRef(a, 0, memory_order=kapi.MemoryOrder.RELAXED,
                       memory_scope=kapi.MemoryScope.DEVICE)
    r.fetch_add(tmp[0])
    barrier(it.get_group(), MemoryScope.DEVICE)


# CHECK-LABEL: kiln.kernel @experimental(
@dpex_exp.kernel
def experimental(item: kapi.Item, a: kapi.Array[kiln.int64]):
    a[item.get_id(0)] = 1


# CHECK-LABEL: kiln.kernel @called(
@dpex.kernel()
def called(item: kapi.Item, a: kapi.Array[kiln.int64]):
    a[item.get_id(0)] = 2


# CHECK-LABEL: kiln.device_func @twice__x_float32(
