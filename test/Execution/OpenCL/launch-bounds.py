# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: kiln-run %s -k ids --device cpu --nd-range 128:64 --arg out=zeros:128 --out out=%t/nd.npy | FileCheck %s --check-prefix=RAN
# RUN: kiln-run %s -k ids2 --device cpu --nd-range 128,2:32,2 --arg out=zeros:128x2 --out out=%t/nd2.npy | FileCheck %s --check-prefix=RAN2
# RUN: kiln-run %s -k ids_range --device cpu --range 1000 --arg out=zeros:1000 --out out=%t/range.npy | FileCheck %s --check-prefix=RANGE
# RUN: %python -c "import numpy as n; a = n.load('%t/nd.npy'); b = n.load('%t/nd2.npy'); r = n.load('%t/range.npy'); print('ids:', bool((a == n.arange(128) % 64).all() and (b == n.arange(2)[None, :]).all() and (r == n.arange(1000)).all()))" | FileCheck %s --check-prefix=IDS
# RUN: not kiln-run %s -k ids --device cpu --nd-range 128:128 --arg out=zeros:128 2>&1 | FileCheck %s --check-prefix=REFUSED
# RUN: not kiln-run %s -k ids2 --device cpu --nd-range 128,4:64,2 --arg out=zeros:128x4 2>&1 | FileCheck %s --check-prefix=REFUSED2
# A kernel's max_work_group_size (docs/language.md §2.3) bounds its
# work-groups: the runtime refuses an NdRange whose work-group (the
# product of the local extents) is larger, naming the kernel, before
# anything runs; work-groups within the bound and Range launches run.
# RAN: ran ids over NdRange(Range(128), Range(64)) on cpu
# RAN2: ran ids2 over NdRange(Range(128, 2), Range(32, 2)) on cpu
# RANGE: ran ids_range over Range(1000) on cpu
# IDS: ids: True
# REFUSED: error: kernel 'ids': work-group of 128 work-items exceeds the kernel's max_work_group_size of 64
# REFUSED2: error: kernel 'ids2': work-group of 128 work-items exceeds the kernel's max_work_group_size of 64


@kernel(max_work_group_size=64, min_work_groups_per_cu=4)
def ids(it: NdItem, out: Array[int64]):
    out[it.get_global_id(0)] = it.get_local_id(0)


@kernel(max_work_group_size=64, min_work_groups_per_cu=4)
def ids2(it: NdItem, out: Array[int64, 2]):
    out[it.get_global_id(0), it.get_global_id(1)] = it.get_local_id(1)


@kernel(max_work_group_size=64)
def ids_range(item: Item, out: Array[int64]):
    out[item.get_id(0)] = item.get_id(0)
