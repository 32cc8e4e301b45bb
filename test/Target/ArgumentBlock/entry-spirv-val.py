# REQUIRES: spirv-val
# RUN: kilnc %s --arg-block-entries --target spirv -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# The argument-block entry is an OpenCL kernel entry point of the same
# module, and spirv-val accepts the module.

@kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]

# CHECK-DAG: OpEntryPoint Kernel %{{.+}} "saxpy"
# CHECK-DAG: OpEntryPoint Kernel %{{.+}} "saxpy__kiln_argblock"
