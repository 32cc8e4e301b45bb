# RUN: kilnc %s --emit=kiln | FileCheck %s
# A generic device function specialized on an index-object argument.
# Specializing from inside a body must not disturb the caller's names
# (the NdItem is used again after the calls).
# CHECK-LABEL: kiln.kernel @nd(
# CHECK: kiln.call @gq__it_NdItem_d_1(%arg0)
# CHECK: kiln.call @gq__it_NdItem_d_2(%arg0)
# CHECK: kiln.query global_id %arg0[0]
@kernel
def nd(it: NdItem, o: Array[int64]):
    o[0] = gq(it, 1) + gq(it, 2)
    o[1] = it.get_global_id(0)

@device_func
def gq(it, d: Constant[int32]):
    return it.get_global_id(d)
