# RUN: kilnc %s --emit=kiln | FileCheck %s
# Sub-group shuffles and group collectives (spec section 6). The offset is
# converted to int64; min/max on unsigned values are umin/umax.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.sub_group_shuffle index %{{.+}}, %{{.+}}, %c3_i64 : f32
# CHECK: %[[N:.+]] = arith.extsi %arg3 : i16 to i64
# CHECK: kiln.sub_group_shuffle down %{{.+}}, %{{.+}}, %[[N]] : f32
# CHECK: kiln.sub_group_shuffle up %{{.+}}, %{{.+}}, %c1_i64 : f32
# CHECK: kiln.sub_group_shuffle xor %{{.+}}, %{{.+}}, %{{.+}} : i32
# CHECK: kiln.sub_group_reduce add %{{.+}}, %{{.+}} : f32
# CHECK: kiln.group_reduce umax %{{.+}}, %{{.+}} : i32
# CHECK: kiln.group_broadcast %{{.+}}, %{{.+}}, %c0_i64{{.*}} : f32
# CHECK: kiln.group_scan inclusive xor %{{.+}}, %{{.+}} : i32
# CHECK: kiln.group_scan exclusive min %{{.+}}, %{{.+}} : f32
# A literal operand takes its default type.
# CHECK: kiln.sub_group_reduce max %{{.+}}, %{{.+}} : i64
@kernel
def k(it: NdItem, a: Array[float32], u: Array[uint32], n: int16):
    sg = it.get_sub_group()
    x = a[0]
    y = sg.shuffle(x, 3)
    y = sg.shuffle_down(x, n)
    y = sg.shuffle_up(x, delta=1)
    v = sg.shuffle_xor(u[0], 1)
    g = it.get_group()
    s = sub_group_reduce(sg, x, "add")
    m = group_reduce(g, u[0], "max")
    bb = group_broadcast(g, x, 0)
    sc = group_inclusive_scan(g, u[0], 'xor')
    se = group_exclusive_scan(g, x, op="min")
    one = sub_group_reduce(it.get_sub_group(), 1, "max")
