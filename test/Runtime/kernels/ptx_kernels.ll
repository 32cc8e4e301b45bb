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

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

; The launch's dynamic shared memory; LocalAccessors are byte offsets into it.
@dynamic_smem = external addrspace(3) global [0 x i8], align 16

; reverse_in_group(nd: NdItem, x: float32[n], y: float32[n],
;                  tile: LocalAccessor[float32, 1]): the accessor is an int64
; byte offset into @dynamic_smem plus its extent (native ABI, CUDA form).
define ptx_kernel void @reverse_in_group(i64 %r0, i64 %r1, i64 %r2,
                                         ptr addrspace(1) %x, i64 %xn,
                                         ptr addrspace(1) %y, i64 %yn,
                                         i64 %tile_offset, i64 %tn) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %g32 = add i32 %base, %tid
  %g = zext i32 %g32 to i64
  %l = zext i32 %tid to i64
  %size = zext i32 %ntid to i64
  %tile = getelementptr i8, ptr addrspace(3) @dynamic_smem, i64 %tile_offset
  %xp = getelementptr float, ptr addrspace(1) %x, i64 %g
  %xv = load float, ptr addrspace(1) %xp
  %tp = getelementptr float, ptr addrspace(3) %tile, i64 %l
  store float %xv, ptr addrspace(3) %tp
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %last = sub i64 %size, 1
  %mirror = sub i64 %last, %l
  %mp = getelementptr float, ptr addrspace(3) %tile, i64 %mirror
  %mv = load float, ptr addrspace(3) %mp
  %yp = getelementptr float, ptr addrspace(1) %y, i64 %g
  store float %mv, ptr addrspace(1) %yp
  ret void
}

; checked_store: see spirv_kernels.ll (debug mode, DebugRecord pointer last).
define ptx_kernel void @checked_store(i64 %r0, i64 %r1, i64 %r2,
                                      ptr addrspace(1) %u, i64 %u0, i64 %u1,
                                      i64 %i, i64 %j, float %v,
                                      ptr addrspace(1) %rec) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %id = or i32 %tid, %ctaid
  %first = icmp eq i32 %id, 0
  br i1 %first, label %check, label %exit
check:
  %iin = icmp ult i64 %i, %u0
  %jin = icmp ult i64 %j, %u1
  %inside = and i1 %iin, %jin
  br i1 %inside, label %store, label %report
store:
  %row = mul i64 %i, %u1
  %k = add i64 %row, %j
  %up = getelementptr float, ptr addrspace(1) %u, i64 %k
  store float %v, ptr addrspace(1) %up
  br label %exit
report:
  %won = cmpxchg ptr addrspace(1) %rec, i32 0, i32 1 seq_cst seq_cst
  %first_failure = extractvalue { i32, i1 } %won, 1
  br i1 %first_failure, label %fill, label %exit
fill:
  %linep = getelementptr i8, ptr addrspace(1) %rec, i64 4
  store i32 12, ptr addrspace(1) %linep
  %colp = getelementptr i8, ptr addrspace(1) %rec, i64 8
  store i32 9, ptr addrspace(1) %colp
  %rankp = getelementptr i8, ptr addrspace(1) %rec, i64 16
  store i32 2, ptr addrspace(1) %rankp
  %i0p = getelementptr i8, ptr addrspace(1) %rec, i64 24
  store i64 %i, ptr addrspace(1) %i0p
  %i1p = getelementptr i8, ptr addrspace(1) %rec, i64 32
  store i64 %j, ptr addrspace(1) %i1p
  %s0p = getelementptr i8, ptr addrspace(1) %rec, i64 48
  store i64 %u0, ptr addrspace(1) %s0p
  %s1p = getelementptr i8, ptr addrspace(1) %rec, i64 56
  store i64 %u1, ptr addrspace(1) %s1p
  br label %exit
exit:
  ret void
}
