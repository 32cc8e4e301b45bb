# REQUIRES: opencl
# Regression test found by the differential tester (tools/kiln-difftest,
# seed 20261125, against a working tree of 2026-11-25 that converted scf to
# cf in reverse): an early `return` followed by an `if` inside a loop failed
# with "type mismatch for bb argument #0 of successor #0" while lowering to
# the LLVM dialect. Each work-item must return or run the loop.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([1, -1, 0, -2, 5, -7], dtype=np.int64))"
# RUN: kiln-run %s -k k --device cpu --nd-range 6:2 -O0 --arg a=@%t/a.npy --arg o=zeros:6 --out o=%t/o0.npy | FileCheck %s
# RUN: kiln-run %s -k k --device cpu --nd-range 6:2 -O2 --arg a=@%t/a.npy --arg o=zeros:6 --out o=%t/o2.npy | FileCheck %s
# RUN: %python -c "import numpy as np; print(np.load('%t/o0.npy').tolist(), np.load('%t/o2.npy').tolist())" | FileCheck %s --check-prefix=OUT
# CHECK: ran k over NdRange(Range(6), Range(2)) on cpu
# OUT: [0, 2, 0, 2, 0, 2] [0, 2, 0, 2, 0, 2]

@kernel
def k(it: NdItem, a: Array[int64], o: Array[int32]):
    i = it.get_global_id(0)
    if a[i] > 0:
        return
    for j in range(2):
        if a[i] < 0:
            o[i] += 1
