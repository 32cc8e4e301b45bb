# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make atomic_local_uint32 %t
# RUN: kiln-run %S/../S5_memory/atomic_local_uint32.py -g -k atom --nd-range 256:64 --local lown=64x12 --local lacc=8 --arg v=@%t/v.npy --arg init=@%t/init.npy --arg own=@%t/own.npy --arg exp=@%t/exp.npy --arg acc=zeros:4x8 --arg old=zeros:256x10 --arg ok=zeros:256x2 --out acc=%t/out_acc.npy --out own=%t/out_own.npy --out old=%t/out_old.npy --out ok=%t/out_ok.npy --out exp=%t/out_exp.npy
# RUN: %python %S/../Inputs/conformance.py check atomic_local_uint32 %t | FileCheck %s
# The local-atomics conformance kernel under -g builds on PoCL and gives
# NumPy's results. Its compare-exchange spin loop is checked against the
# same loop-invariant bound as the load before it; PoCL's optimiser
# unswitched the loop and merged the two checks' report blocks into an
# irreducible cycle, and its barrier tail replication overflowed the stack
# on it (a segfault in clBuildProgram). Reports are now straight-line code
# (test/Conversion/KilnToLLVM/debug-report-straight-line.mlir).
# CHECK: atomic_local_uint32: ok
