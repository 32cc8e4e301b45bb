# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../../Inputs/runtime_step.py make %t
# RUN: kiln-run %s -k steps --range 15 --arg start=@%t/start.npy --arg stop=@%t/stop.npy --arg step=@%t/step.npy --arg out=zeros:15x3 --out out=%t/out.npy
# RUN: %python %S/../../Inputs/runtime_step.py check %t | FileCheck %s
# RUN: kiln-run %s -k steps -O0 --range 15 --arg start=@%t/start.npy --arg stop=@%t/stop.npy --arg step=@%t/step.npy --arg out=zeros:15x3 --out out=%t/out.npy
# RUN: %python %S/../../Inputs/runtime_step.py check %t | FileCheck %s
# for over range(start, stop, step) with a step known only at run time
# (spec §4): the loop runs exactly Python's values, up and down, empty
# ranges, a zero step (no iteration), and ranges at the ends of int64
# whose counter would pass INT64_MAX or INT64_MIN after its last value
# (the loop counts trips computed before it, so nothing wraps).
# CHECK: runtime step: ok
from kiln import kernel, Item, Array, int64


@kernel
def steps(item: Item, start: Array[int64], stop: Array[int64],
          step: Array[int64], out: Array[int64, 2]):
    i = item.get_id(0)
    trips: int64 = 0
    total: int64 = 0
    last: int64 = -1
    for v in range(start[i], stop[i], step[i]):
        trips += 1
        total += v
        last = v
    out[i, 0] = trips
    out[i, 1] = total
    out[i, 2] = last
