# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make atomic_local_int64 %t
# RUN: kiln-run %S/../S5_memory/atomic_local_int64.py -k atom -g --nd-range 256:64 --local lown=64x12 --arg v=@%t/v.npy --arg init=@%t/init.npy --arg own=@%t/own.npy --arg exp=@%t/exp.npy --arg acc=zeros:4x8 --arg old=zeros:256x10 --arg ok=zeros:256x2 --out acc=%t/out_acc.npy --out own=%t/out_own.npy --out old=%t/out_old.npy --out ok=%t/out_ok.npy --out exp=%t/out_exp.npy
# RUN: %python %S/../Inputs/conformance.py check atomic_local_int64 %t | FileCheck %s
# The int64 local-atomics conformance kernel under -g gives NumPy's
# results. Its local_array elements 1..6 sit at constant offsets; LLVM 22's
# SPIR-V back end placed them 8x too far (compiler/Target/SPIRV/
# SPIRVConstantAddresses.h), which release builds hid because every access
# to them was unrolled to the same wrong address, while the -g build's
# copy-out loop read the right one: "contended results: 20 mismatches".
# CHECK: atomic_local_int64: ok
