# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k item_ids --range 37 --arg out=zeros:37x8 --out out=%t/1.npy
# RUN: %python %S/../Inputs/index_space.py item 37 %t/1.npy | FileCheck %s
# RUN: kiln-run %s -k item_ids --range 7,45 --arg out=zeros:315x8 --out out=%t/2.npy
# RUN: %python %S/../Inputs/index_space.py item 7,45 %t/2.npy | FileCheck %s
# RUN: kiln-run %s -k item_ids --range 3,5,33 --arg out=zeros:495x8 --out out=%t/3.npy
# RUN: %python %S/../Inputs/index_space.py item 3,5,33 %t/3.npy | FileCheck %s
# RUN: kiln-run %s -k item_ids --any-rank --range 37 --arg out=zeros:37x8 --out out=%t/a1.npy
# RUN: %python %S/../Inputs/index_space.py item 37 %t/a1.npy | FileCheck %s
# RUN: kiln-run %s -k item_ids --any-rank --range 7,45 --arg out=zeros:315x8 --out out=%t/a2.npy
# RUN: %python %S/../Inputs/index_space.py item 7,45 %t/a2.npy | FileCheck %s
# RUN: kiln-run %s -k item_ids --any-rank --range 3,5,33 --arg out=zeros:495x8 --out out=%t/a3.npy
# RUN: %python %S/../Inputs/index_space.py item 3,5,33 %t/a3.npy | FileCheck %s
# Item queries over 1-, 2- and 3-D Ranges whose extents are no multiple of
# any work-group size (the runtime rounds up; the kernel guards), compiled
# for the launch's rank and for any rank: ids, ranges, the row-major
# linear id and the launch rank.
# CHECK: index space: ok


@kernel
def item_ids(item: Item, out: Array[int64, 2]):
    n = item.get_linear_id()
    out[n, 0] = item.get_id(0)
    out[n, 1] = item.get_id(1)
    out[n, 2] = item.get_id(2)
    out[n, 3] = item.get_range(0)
    out[n, 4] = item.get_range(1)
    out[n, 5] = item.get_range(2)
    out[n, 6] = n
    out[n, 7] = item.dimensions
