# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make float16_refused %t
# RUN: not kiln-run %s -k half_array --range 8 --arg a=@%t/h.npy --arg out=zeros:8 2>&1 | FileCheck %s -DK=half_array
# RUN: not kiln-run %s -k half_local --range 8 --arg a=@%t/f.npy --arg out=zeros:8 2>&1 | FileCheck %s -DK=half_local
# float16 (spec §2) needs fp16 on the device; PoCL has none, so kiln-run
# refuses the kernel clearly instead of running it -- both for float16
# arrays and for a float16 local in an otherwise float32 kernel.
# CHECK: kiln-run: error: kernel '[[K]]' needs fp16, which device '{{.*}}' does not support


@kernel
def half_array(item: Item, a: Array[float16], out: Array[float16]):
    i = item.get_id(0)
    out[i] = a[i] * 2.0


@kernel
def half_local(item: Item, a: Array[float32], out: Array[float32]):
    i = item.get_id(0)
    h = float16(a[i])
    out[i] = float32(h) * 2.0
