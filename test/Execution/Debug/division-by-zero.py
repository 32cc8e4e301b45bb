# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([7, -8, 9, 10], np.int32)); np.save('%t/b.npy', np.array([1, 3, 0, 1], np.int32)); np.save('%t/u.npy', np.array([200, 1, 2, 3], np.uint8))"
# RUN: not kiln-run %s -k div -g --range 4 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg q=zeros:4 --out q=%t/q.npy 2>&1 | FileCheck %s
# RUN: not kiln-run %s -k mod -g --range 4 --arg u=@%t/u.npy --arg r=zeros:4 2>&1 | FileCheck %s --check-prefix=UNSIGNED
# RUN: kiln-run %s -k div --range 4 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg q=zeros:4 --out q=%t/q.npy | FileCheck %s --check-prefix=RELEASE
# RUN: %python -c "import numpy as np; print(np.load('%t/q.npy').tolist())" | FileCheck %s --check-prefix=VALUES
# Debug mode (-g) reports an integer division by zero like an out-of-bounds
# access: kernel, line, column, the operands; the launch fails. Without -g
# the result is the language's 0 (language.md §6.3).
# CHECK: kiln-run: error: kernel 'div': integer division by zero at line 20, column 17: 9 // 0 (the result is 0)
# UNSIGNED: kiln-run: error: kernel 'mod': integer division by zero at line 26, column 17: 200 % 0 (the result is 0)
# RELEASE: ran div over Range(4)
# VALUES: [7, -3, 0, 10]


@kernel
def div(item: Item, a: Array[int32], b: Array[int32], q: Array[int32]):
    i = item.get_id(0)
    q[i] = a[i] // b[i]


@kernel
def mod(item: Item, u: Array[uint8], r: Array[uint8]):
    i = item.get_id(0)
    r[i] = u[i] % (u[i] - 200)
