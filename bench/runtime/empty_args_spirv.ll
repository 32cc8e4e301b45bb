; The empty kernel of kiln-bench-submit for the OpenCL back end (issue 13's
; launch: 4 arrays and 2 scalars), in the native Kiln ABI (KernelMetadata.h):
; three i64 range extents, then per array a global pointer and its i64
; extent, then the scalars. Built to SPIR-V with llc where it is found.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

define spir_kernel void @empty_args(i64 %r0, i64 %r1, i64 %r2,
                                    ptr addrspace(1) %a, i64 %an,
                                    ptr addrspace(1) %b, i64 %bn,
                                    ptr addrspace(1) %c, i64 %cn,
                                    ptr addrspace(1) %d, i64 %dn,
                                    float %s, i32 %t) {
entry:
  ret void
}
