# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv --link %S/Inputs/ext-with-debug-info.ll -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=RELEASE
# RUN: kilnc %s -g --target spirv --link %S/Inputs/ext-with-debug-info.ll -o %t.g.spv
# RUN: spirv-val %t.g.spv
# RUN: spirv-dis %t.g.spv | FileCheck %s
# SPIR-V line information follows -g, not the presence of debug info: a
# linked library compiled with debug info adds no OpLine to a release
# binary; with -g its lines are there too, under its own file name.
# RELEASE: OpEntryPoint Kernel
# RELEASE-NOT: OpString
# RELEASE-NOT: OpLine
# CHECK-DAG: %[[LIB:[0-9]+]] = OpString "/lib/ext_twice.c"
# CHECK-DAG: %[[SELF:[0-9]+]] = OpString "{{.*}}spirv-line-info-linked.py"
# CHECK-DAG: OpLine %[[LIB]] 3 12
# CHECK-DAG: OpLine %[[SELF]] 27 5


@device_func(extern=True)
def ext_twice(x: float32) -> float32:
    ...


@kernel
def k(item: Item, x: Array[float32]):
    x[0] = ext_twice(x[0]) + 1.0
