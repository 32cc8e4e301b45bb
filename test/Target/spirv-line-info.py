# REQUIRES: spirv-val
# RUN: kilnc %s -g --target spirv -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s --implicit-check-not=kiln.line
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# RUN: kilnc %s --target spirv -o %t.release.spv
# RUN: spirv-dis %t.release.spv | FileCheck %s --check-prefix=RELEASE
# With -g, the SPIR-V names its source file in an OpString and puts
# `OpLine %file line column` before the instructions of each line, also
# inside an inlined device function; the line markers that carry the lines
# through LLVM's back end (OpName "kiln.line.…") are gone. Without -g there
# is no line information at all.
# CHECK: %[[FILE:[0-9]+]] = OpString "{{.*}}spirv-line-info.py"
# CHECK: OpFunction


@device_func
def cube(v: float32) -> float32:
    return v * v * v  # CHECK-DAG: OpLine %[[FILE]] [[@LINE]] {{[0-9]+}}


@kernel
def scale(item: Item, a: float32, x: Array[float32]):
    i = item.get_id(0)  # CHECK-DAG: OpLine %[[FILE]] [[@LINE]] 9
    v = x[i]  # CHECK-DAG: OpLine %[[FILE]] [[@LINE]] 9
    w = cube(v) * a  # CHECK-DAG: OpLine %[[FILE]] [[@LINE]] {{[0-9]+}}
    x[i] = w + 1.0  # CHECK-DAG: OpLine %[[FILE]] [[@LINE]] 14

# RELEASE: OpEntryPoint Kernel
# RELEASE-NOT: OpString
# RELEASE-NOT: OpLine
