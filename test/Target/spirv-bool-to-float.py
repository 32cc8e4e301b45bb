# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -O2 --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# RUN: kilnc %s --target spirv -O2 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Issue 10 item 1: LLVM folds `-int32(c > 0)` stored as a float into
# `sitofp i1`, which LLVM 22's SPIR-V back end lowered as a select of 1/0
# before the conversion (+1.0 for true). Kiln legalizes every i1 -> float
# conversion into a select of the two constants (SPIRVLegalizeConversions.cpp).
# IR-NOT: itofp i1
# IR: select i1 %{{[0-9]+}}, float -1.000000e+00, float 0.000000e+00
# IR: select i1 %{{[0-9]+}}, float 1.000000e+00, float 0.000000e+00
# IR-NOT: itofp i1
# CHECK: %float_n1 = OpConstant %float -1
# CHECK-NOT: OpConvertSToF %float
# CHECK: OpSelect %float %{{[0-9]+}} %float_n1 %float_0
# CHECK-NOT: OpConvertSToF %float
# CHECK: OpSelect %float %{{[0-9]+}} %float_1 %float_0
# CHECK-NOT: OpConvertSToF %float


@kernel
def k(item: Item, c: Array[int32], o: Array[float32], u: Array[float32]):
    i = item.get_id(0)
    o[i] = -int32(c[i] > 0)
    u[i] = int32(c[i] > 0)
