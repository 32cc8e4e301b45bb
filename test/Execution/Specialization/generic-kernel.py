# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x64.npy', np.arange(10, dtype=np.float64)); np.save('%t/y64.npy', np.ones(10, dtype=np.float64)); np.save('%t/x32.npy', np.arange(10, dtype=np.int32)); np.save('%t/y32.npy', np.ones(10, dtype=np.int32)); np.save('%t/a32.npy', np.array(3, dtype=np.int32))"
# RUN: kiln-run %s -k axpy --range 10 --arg a=2.0 --arg x=@%t/x64.npy --arg y=@%t/y64.npy --arg reps=3 --out y=%t/o64.npy
# RUN: %python -c "import numpy as np; o=np.load('%t/o64.npy'); assert o.dtype == np.float64 and (o == 1 + 6*np.arange(10)).all(), o; print('float64 ok')" | FileCheck %s --check-prefix=F64
# RUN: kiln-run %s -k axpy --range 10 --arg a=@%t/a32.npy --arg x=@%t/x32.npy --arg y=@%t/y32.npy --arg reps=2 --out y=%t/o32.npy
# RUN: %python -c "import numpy as np; o=np.load('%t/o32.npy'); assert o.dtype == np.int32 and (o == 1 + 6*np.arange(10)).all(), o; print('int32 ok')" | FileCheck %s --check-prefix=I32
# A generic kernel is specialized at run time from its arguments: arrays by
# their .npy dtype and rank, scalars by their literal or a 0-d .npy (int32
# here: a literal 3 would be int64, and int64 * int32 does not narrow
# implicitly), Constant[T] by value.
# F64: float64 ok
# I32: int32 ok


@kernel
def axpy(item: Item, a, x, y, reps: Constant[int32]):
    i = item.get_id(0)
    for r in range(reps):
        y[i] = a * x[i] + y[i]
