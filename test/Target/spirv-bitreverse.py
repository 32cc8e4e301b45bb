# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -O2 --emit=llvm-ir-opt | FileCheck %s --check-prefix=IR
# RUN: kilnc %s --target spirv -O2 -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# Issue 10 item 8: LLVM recognises swaps of the end bits as
# `llvm.bitreverse`; OpBitReverse is not in the OpenCL environment, and the
# SPIR-V back end failed ("Unable to meet SPIR-V requirements", or "unable
# to legalize G_BITREVERSE (s1)"). Kiln swaps halves, then quarters, ...,
# then single bits with shifts and masks (SPIRVLegalizeIntrinsics.cpp).
# IR-NOT: llvm.bitreverse
# IR: %[[H:[0-9]+]] = lshr i8 %[[X:[0-9]+]], 4
# IR-NEXT: %[[HM:[0-9]+]] = and i8 %[[H]], 15
# IR-NEXT: %[[LM:[0-9]+]] = and i8 %[[X]], 15
# IR-NEXT: %[[L:[0-9]+]] = shl i8 %[[LM]], 4
# IR-NEXT: %[[N:[0-9]+]] = or i8 %[[HM]], %[[L]]
# IR-NEXT: lshr i8 %[[N]], 2
# IR: and i8 %{{[0-9]+}}, 85
# IR: lshr i32 %{{[0-9]+}}, 16
# IR-NOT: llvm.bitreverse
# CHECK-NOT: OpBitReverse
# CHECK: OpShiftRightLogical %uchar %{{[0-9]+}} %uchar_4
# CHECK-NOT: OpBitReverse


@kernel
def k(item: Item, c8: Array[uint8], c32: Array[uint32], o8: Array[uint8],
      o32: Array[uint32]):
    i = item.get_id(0)
    o8[i] = ((c8[i] & 1) << 7) | ((c8[i] >> 7) & 1)
    o32[i] = (c32[i] >> 31) | ((c32[i] & 1) << 31)
