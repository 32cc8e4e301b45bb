# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([1, 2, -3, 4], np.int32))"
# RUN: not kiln-run %s -k k -g --range 4 --arg x=@%t/x.npy --arg out=zeros:4 2>&1 | FileCheck %s
# RUN: kiln-run %s -k k --range 4 --arg x=@%t/x.npy --arg out=zeros:4 | FileCheck %s --check-prefix=RELEASE
# A failed assert inside a device function is reported at its line in
# debug mode (spec §7) and not checked without -g.
# CHECK: kiln-run: error: kernel 'k': assertion failed at line 14, column 5
# RELEASE: ran k over Range(4)


@device_func
def doubled(v: int32) -> int32:
    assert v >= 0
    return v * 2


@kernel
def k(item: Item, x: Array[int32], out: Array[int32]):
    i = item.get_id(0)
    out[i] = doubled(x[i])
