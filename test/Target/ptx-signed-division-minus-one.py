# RUN: kilnc %s --target ptx -o - | FileCheck %s
# Signed // and % never divide by -1 (div.s32/rem.s32 of MIN by -1 are
# undefined; the spec wraps: MIN // -1 == MIN, MIN % -1 == 0): the divisor
# -1 becomes 1 and // takes the negated dividend instead.

# CHECK-LABEL: .entry k(
# CHECK: setp.eq.b32 %[[M1:p[0-9]+]], %[[B:r[0-9]+]], -1;
# CHECK: selp.b32 %[[D:r[0-9]+]], 1, %[[B]], %[[M1]];
# CHECK: div.s32 %[[Q:r[0-9]+]], %[[A:r[0-9]+]], %[[D]];
# CHECK: neg.s32 %[[N:r[0-9]+]], %[[A]];
# CHECK: selp.b32 %{{r[0-9]+}}, %[[N]], %{{r[0-9]+}}, %[[M1]];
# CHECK: setp.eq.b32 %[[M2:p[0-9]+]], %[[B2:r[0-9]+]], -1;
# CHECK: selp.b32 %[[D2:r[0-9]+]], 1, %[[B2]], %[[M2]];
# CHECK: rem.s32 %{{r[0-9]+}}, %{{r[0-9]+}}, %[[D2]];


@kernel
def k(item: Item, a: Array[int32], b: Array[int32], q: Array[int32], r: Array[int32]):
    i = item.get_id(0)
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]
