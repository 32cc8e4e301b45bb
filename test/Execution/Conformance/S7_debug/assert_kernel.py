# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/bad.npy', np.array([1, 2, 60, 4], np.int32)); np.save('%t/good.npy', np.array([1, 2, 3, 4], np.int32))"
# RUN: not kiln-run %s -k k -g --range 4 --arg x=@%t/bad.npy --arg out=zeros:4 2>&1 | FileCheck %s
# RUN: kiln-run %s -k k --range 4 --arg x=@%t/bad.npy --arg out=zeros:4 | FileCheck %s --check-prefix=RELEASE
# RUN: kiln-run %s -k k -g --range 4 --arg x=@%t/good.npy --arg out=zeros:4 --out out=%t/out.npy | FileCheck %s --check-prefix=RELEASE
# RUN: %python -c "import numpy as np; o = np.load('%t/out.npy'); assert (o == [2, 4, 6, 8]).all(), o; print('values ok')" | FileCheck %s --check-prefix=VALUES
# assert (spec §4, §7): a failed assert in a kernel is reported in debug
# mode with kernel and line; without -g it is not checked; a passing
# assert in debug mode lets the kernel finish with its results.
# CHECK: kiln-run: error: kernel 'k': assertion failed at line 20, column 5
# RELEASE: ran k over Range(4)
# VALUES: values ok


@kernel
def k(item: Item, x: Array[int32], out: Array[int32]):
    i = item.get_id(0)
    out[i] = x[i] * 2
    assert out[i] < 100
