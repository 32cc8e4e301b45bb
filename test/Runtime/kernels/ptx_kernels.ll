; Test kernel for the CUDA back end in the native Kiln ABI; built to PTX at
; build time with llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; saxpy(a: float32, x: float32[n], y: float32[n]): y[i] = a * x[i] + y[i]
define ptx_kernel void @saxpy(i64 %r0, i64 %r1, i64 %r2, float %a,
                              ptr addrspace(1) %x, i64 %xn,
                              ptr addrspace(1) %y, i64 %yn) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i32 = add i32 %base, %tid
  %i = zext i32 %i32 to i64
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
