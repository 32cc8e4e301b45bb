; Test kernels for the OpenCL back end, written by hand in the native Kiln
; ABI (KernelMetadata.h): three i64 range extents, then per parameter a value
; or a global pointer followed by its i64 extents. Built to SPIR-V at build
; time with LLVM's SPIR-V back end (llc -mtriple=spirv64-unknown-unknown).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

; saxpy(a: float32, x: float32[n], y: float32[n]): y[i] = a * x[i] + y[i]
define spir_kernel void @saxpy(i64 %r0, i64 %r1, i64 %r2, float %a,
                               ptr addrspace(1) %x, i64 %xn,
                               ptr addrspace(1) %y, i64 %yn) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %inside = icmp ult i64 %i, %r0
  br i1 %inside, label %body, label %exit
body:
  %xp = getelementptr float, ptr addrspace(1) %x, i64 %i
  %yp = getelementptr float, ptr addrspace(1) %y, i64 %i
  %xv = load float, ptr addrspace(1) %xp
  %yv = load float, ptr addrspace(1) %yp
  %ax = fmul float %a, %xv
  %sum = fadd float %ax, %yv
  store float %sum, ptr addrspace(1) %yp
  br label %exit
exit:
  ret void
}

; add2d(a: int32[m, n], b: int32[m, n], c: int32[m, n]): c = a + b over a
; 2-D range (dimension 0 = rows).
define spir_kernel void @add2d(i64 %r0, i64 %r1, i64 %r2,
                               ptr addrspace(1) %a, i64 %a0, i64 %a1,
                               ptr addrspace(1) %b, i64 %b0, i64 %b1,
                               ptr addrspace(1) %c, i64 %c0, i64 %c1) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %j = call spir_func i64 @_Z13get_global_idj(i32 1)
  %in0 = icmp ult i64 %i, %r0
  %in1 = icmp ult i64 %j, %r1
  %inside = and i1 %in0, %in1
  br i1 %inside, label %body, label %exit
body:
  %row = mul i64 %i, %a1
  %k = add i64 %row, %j
  %ap = getelementptr i32, ptr addrspace(1) %a, i64 %k
  %bp = getelementptr i32, ptr addrspace(1) %b, i64 %k
  %cp = getelementptr i32, ptr addrspace(1) %c, i64 %k
  %av = load i32, ptr addrspace(1) %ap
  %bv = load i32, ptr addrspace(1) %bp
  %sum = add i32 %av, %bv
  store i32 %sum, ptr addrspace(1) %cp
  br label %exit
exit:
  ret void
}
