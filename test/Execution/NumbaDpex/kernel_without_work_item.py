# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/b.npy', np.zeros(3, np.int64))"
# RUN: kiln-run %s -k set_first --device cpu --range 8 --arg b=@%t/b.npy --arg v=7 --out b=%t/res.npy
# RUN: %python -c "import numpy as np; print(np.load('%t/res.npy').tolist())" | FileCheck %s
# A kernel without a work-item parameter (numba-dpex allows it; issue 12
# item 7) runs once per work-item of the launch.
# CHECK: [42, 7, 0]


@kernel
def set_first(b: Array[int64], v: int64):
    b[0] = 42
    b[1] = v
