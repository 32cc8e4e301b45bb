; Test kernels of the C API's argument-block launches, written by hand in
; the native Kiln ABI (KernelMetadata.h) like test/Runtime/kernels: saxpy
; and the argument-block entry kilnc --arg-block-entries makes for it
; (ArgumentBlock.h), so the runtime-only build can launch one. Built to
; SPIR-V at build time with llc-22.
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

; saxpy__kiln_argblock(argument_block: uint8[n], argument_block_offset:
; int64): saxpy with its arguments loaded from the block at the offset,
; laid out as argumentBlockLayout says: a at 0, x's pointer at 8 and
; extent at 16, y's pointer at 24 and extent at 32.
define spir_kernel void @saxpy__kiln_argblock(i64 %r0, i64 %r1, i64 %r2,
                                              ptr addrspace(1) %block,
                                              i64 %blockn, i64 %offset) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %inside = icmp ult i64 %i, %r0
  br i1 %inside, label %body, label %exit
body:
  %base = getelementptr i8, ptr addrspace(1) %block, i64 %offset
  %a = load float, ptr addrspace(1) %base, align 8
  %xslot = getelementptr i8, ptr addrspace(1) %base, i64 8
  %x = load ptr addrspace(1), ptr addrspace(1) %xslot, align 8
  %yslot = getelementptr i8, ptr addrspace(1) %base, i64 24
  %y = load ptr addrspace(1), ptr addrspace(1) %yslot, align 8
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
