# REQUIRES: opencl
# RUN: kiln-run %s -k hello --nd-range 8:4 | FileCheck %s
# print from several work-items (spec §6): one line per call, never
# interleaved; the order between work-items is unspecified (CHECK-DAG).
# CHECK-DAG: item 0 of 8 group 0 leader True
# CHECK-DAG: item 1 of 8 group 0 leader False
# CHECK-DAG: item 2 of 8 group 0 leader False
# CHECK-DAG: item 3 of 8 group 0 leader False
# CHECK-DAG: item 4 of 8 group 1 leader True
# CHECK-DAG: item 5 of 8 group 1 leader False
# CHECK-DAG: item 6 of 8 group 1 leader False
# CHECK-DAG: item 7 of 8 group 1 leader False
# CHECK: ran hello over NdRange(Range(8), Range(4))


@kernel
def hello(it: NdItem):
    g = it.get_group()
    print("item", it.get_global_id(0), "of", it.get_global_range(0), "group", g.get_group_id(0), "leader", g.leader())
