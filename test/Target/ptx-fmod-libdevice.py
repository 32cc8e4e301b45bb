# RUN: kilnc %s --target ptx --emit=llvm-ir | FileCheck %s --check-prefix=PTX
# RUN: kilnc %s --target spirv --emit=llvm-ir | FileCheck %s --check-prefix=SPIRV
# math.fmod and the fmod inside Python's float % and // (spec §4, §6) are
# libdevice's exact __nv_fmodf / __nv_fmod for CUDA (NVPTX expands LLVM's
# frem into x - trunc(x / y) * y, which is wrong when x / y rounds to an
# integer). SPIR-V keeps frem (OpFRem, exact in OpenCL).

# PTX-LABEL: define internal void @__kiln_body_k(
# PTX-NOT: frem
# PTX: call float @__nv_fmodf(float
# PTX: call double @__nv_fmod(double
# PTX: call float @__nv_fmodf(float
# PTX: call double @__nv_fmod(double
# PTX-NOT: frem
# PTX: define ptx_kernel void @k(
# PTX: define internal float @__nv_fmodf(

# SPIRV-LABEL: define internal spir_func void @__kiln_body_k(
# SPIRV: frem float
# SPIRV: frem double
# SPIRV: frem float
# SPIRV: frem double
# SPIRV-NOT: fmod


@kernel
def k(item: Item, a: Array[float32], d: Array[float64]):
    i = item.get_id(0)
    a[i] = math.fmod(a[i], a[i + 1])
    d[i] = math.fmod(d[i], d[i + 1])
    a[i + 2] = a[i] % a[i + 1]
    d[i + 2] = d[i] // d[i + 1]
