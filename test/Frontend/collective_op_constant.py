# RUN: kilnc %s --emit=kiln 2>&1 | FileCheck %s
# A collective's operation may be a compile-time string: a module string
# constant (a global or captured string, in the Python package) as well
# as a literal.
OP = "max"

# CHECK-NOT: error
# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.sub_group_reduce max
@kernel
def k(it: NdItem, a: Array[float32]):
    i = it.get_global_id(0)
    a[i] = sub_group_reduce(it.get_sub_group(), a[i], OP)
