# RUN: kilnc %s --emit=kiln --signature "scaled:scale=2.5,offset=3,flip=True" | FileCheck %s
# The source of a kernel defined inside a function, as Python's
# inspect.getsource gives it (indented): the first line's indentation is
# the base level. The variables it closes over are compile-time constants
# given like Constant values; numbers are weak, as module constants
# (a float32 operation stays float32), a bool is a bool.
# CHECK-LABEL: kiln.kernel @scaled(
# CHECK: %[[S:.+]] = arith.constant 2.500000e+00 : f32
# CHECK: arith.mulf %{{.+}}, %[[S]] : f32
# CHECK: %[[O:.+]] = arith.constant 3.000000e+00 : f32
# CHECK: arith.addf %{{.+}}, %[[O]] : f32
# CHECK: scf.if %true
    @kernel
    def scaled(item: Item, a: Array[float32]):
        i = item.get_id(0)
        a[i] = a[i] * scale + offset
        if flip:
            a[i] = -a[i]
