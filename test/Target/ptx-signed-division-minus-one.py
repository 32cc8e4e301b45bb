# RUN: kilnc %s --target ptx -o - | FileCheck %s
# Signed // and % never divide by -1 or 0 (div.s32/rem.s32 of MIN by -1 are
# undefined; the spec wraps: MIN // -1 == MIN, MIN % -1 == 0; by 0 both are 0,
# docs/language.md §6.3): either divisor becomes 1 (LLVM folds the two tests
# into b + 1 <u 2), // takes the negated dividend for -1 and 0 for 0.

# CHECK-LABEL: .entry k(
# CHECK: setp.eq.b32 %[[Z:p[0-9]+]], %[[B:r[0-9]+]], 0;
# CHECK: add.s32 %[[B1:r[0-9]+]], %[[B]], 1;
# CHECK: setp.eq.b32 %[[M1:p[0-9]+]], %[[B1]], 0;
# CHECK: setp.lt.u32 %[[BAD:p[0-9]+]], %[[B1]], 2;
# CHECK: selp.b32 %[[D:r[0-9]+]], 1, %[[B]], %[[BAD]];
# CHECK: div.s32 %[[Q:r[0-9]+]], %[[A:r[0-9]+]], %[[D]];
# CHECK: neg.s32 %[[N:r[0-9]+]], %[[A]];
# CHECK: selp.b32 %[[W:r[0-9]+]], %[[N]], %{{r[0-9]+}}, %[[M1]];
# CHECK: selp.b32 %{{r[0-9]+}}, 0, %[[W]], %[[Z]];
# CHECK: add.s32 %[[C1:r[0-9]+]], %[[B2:r[0-9]+]], 1;
# CHECK: setp.lt.u32 %[[BAD2:p[0-9]+]], %[[C1]], 2;
# CHECK: selp.b32 %[[D2:r[0-9]+]], 1, %[[B2]], %[[BAD2]];
# CHECK: rem.s32 %{{r[0-9]+}}, %{{r[0-9]+}}, %[[D2]];


@kernel
def k(item: Item, a: Array[int32], b: Array[int32], q: Array[int32], r: Array[int32]):
    i = item.get_id(0)
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]
