# REQUIRES: cuda
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Complex/Inputs/complex_cases.py make arith64 %t
# RUN: kiln-run %S/../Complex/arith64.py -k arith --device cuda --range 64 --arg a=@%t/a.npy --arg b=@%t/b.npy --arg s=@%t/s.npy --arg f=@%t/f.npy --arg out=@%t/out.npy --arg mag=@%t/mag.npy --out out=%t/cuda_out.npy --out mag=%t/cuda_mag.npy
# RUN: %python %S/../Complex/Inputs/complex_cases.py check arith64 %t cuda | FileCheck %s --check-prefix=ARITH
# RUN: %python %S/../Complex/Inputs/complex_cases.py make division %t
# RUN: kiln-run %S/../Complex/division.py -k quotient --device cuda --range 8 --arg num=@%t/num.npy --arg den=@%t/den.npy --arg out=@%t/out.npy --out out=%t/cuda_out.npy
# RUN: kiln-run %S/../Complex/division.py -k quotient32 --device cuda --range 3 --arg num=@%t/num32.npy --arg den=@%t/den32.npy --arg out=@%t/out32.npy --out out=%t/cuda_out32.npy
# RUN: %python %S/../Complex/Inputs/complex_cases.py check division %t cuda | FileCheck %s --check-prefix=DIV
# complex64 / complex128 on CUDA: the complex64 scalar argument travels in
# the driver's 16-byte parameter slot (a float2 parameter), complex128
# division (Smith's) and arrays of interleaved pairs, and a complex128
# scalar in a 16-byte aligned parameter, against NumPy.
# ARITH: arith64: ok
# DIV: division: ok
# RUN: %python %S/../Complex/Inputs/complex_cases.py make scalar128 %t
# RUN: kiln-run %S/../Complex/scalar128.py -k scale --device cuda --range 32 --arg s=@%t/s.npy --arg a=@%t/a.npy --arg out=@%t/out.npy --out out=%t/cuda_out.npy
# RUN: %python %S/../Complex/Inputs/complex_cases.py check scalar128 %t cuda | FileCheck %s --check-prefix=S128
# S128: scalar128: ok
