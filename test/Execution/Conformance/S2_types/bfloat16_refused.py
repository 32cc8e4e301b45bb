# REQUIRES: opencl
# RUN: not kiln-run %s -k bf_local --range 8 --arg a=zeros:8 --arg out=zeros:8 2>&1 | FileCheck %s
# bfloat16 (spec §2) is "storage + conversion where the target has it":
# the SPIR-V target (PoCL) has no bfloat16 (SPV_KHR_bfloat16), so the
# kernel is refused at compile time with the construct's location, never
# run with wrong results. CUDA runs it: test/Execution/CUDA/bfloat16.py.
# CHECK: bfloat16_refused.py:[[@LINE+7]]:9: error: bfloat16 is not supported by the SPIR-V target (it needs SPV_KHR_bfloat16); use the PTX target or float16/float32
# CHECK: kiln-run: error: compilation failed


@kernel
def bf_local(item: Item, a: Array[float32], out: Array[float32]):
    i = item.get_id(0)
    b = bfloat16(a[i])
    out[i] = float32(b) * 2.0
