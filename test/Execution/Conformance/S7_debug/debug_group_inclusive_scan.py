# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Inputs/conformance.py make group_inclusive_scan %t
# RUN: timeout 60 kiln-run %S/../S6_builtins/group_inclusive_scan.py -g -k coll --nd-range 512:128 --arg i=@%t/i.npy --arg u=@%t/u.npy --arg f=@%t/f.npy --arg d=@%t/d.npy --arg oi=zeros:512x6 --arg ou=zeros:512x3 --arg of=zeros:512x3 --arg od=zeros:512x3 --out oi=%t/out_i.npy --out ou=%t/out_u.npy --out of=%t/out_f.npy --out od=%t/out_d.npy
# RUN: %python %S/../Inputs/conformance.py check group_inclusive_scan %t | FileCheck %s
# The inclusive-scan conformance kernel (15 scans) under -g builds in about a
# second on PoCL and gives NumPy's results. Each scan loops over 1024-item
# chunks with barriers inside; the bounds checks between the scans kept
# LLVM from threading the loops' zero-trip branches together, and PoCL's
# barrier tail replication copied the rest of the kernel at each such join,
# once per barrier: the build took minutes. The chunk count is now known to
# be at least 1, so there is no zero-trip branch (expand-group-scan-chunks.mlir).
# A regression shows as the 60 s timeout rather than a wait of minutes.
# CHECK: group_inclusive_scan: ok
