# RUN: kilnc %s --target host --arch x86_64:x86-64-v3 --launch-rank 1 --assume-distinct-arrays --emit=asm | FileCheck %s
# RUN: kilnc %s --target host --arch x86_64:x86-64-v3 --launch-rank 1 --assume-distinct-arrays --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# Work-items are the innermost loop of the work-group function, so LLVM's
# loop vectorizer runs eight of them per AVX2 instruction. Until stage 4
# turns the range guard into the loop bound the vector loop is masked.
from kiln import kernel, Item, Array, float32


@kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]

# CHECK-LABEL: saxpy:
# CHECK: vfmadd{{[0-9]+}}ps {{.*}}%ymm
# IR: call <8 x float> @llvm.masked.load.v8f32.p0(
