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
; 2-D range (dimension 0 = rows), which the runtime hands OpenCL in reverse:
; the column, range dimension 1, is OpenCL dimension 0 (the fastest).
define spir_kernel void @add2d(i64 %r0, i64 %r1, i64 %r2,
                               ptr addrspace(1) %a, i64 %a0, i64 %a1,
                               ptr addrspace(1) %b, i64 %b0, i64 %b1,
                               ptr addrspace(1) %c, i64 %c0, i64 %c1) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 1)
  %j = call spir_func i64 @_Z13get_global_idj(i32 0)
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

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z14get_local_sizej(i32)
declare spir_func void @_Z7barrierj(i32)

; scale_add(a: float32, x: float32[n], y: float32[n]): y[i] = y[i] * a + x[i]
define spir_kernel void @scale_add(i64 %r0, i64 %r1, i64 %r2, float %a,
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
  %ya = fmul float %yv, %a
  %sum = fadd float %ya, %xv
  store float %sum, ptr addrspace(1) %yp
  br label %exit
exit:
  ret void
}

; reverse_in_group(nd: NdItem, x: float32[n], y: float32[n],
;                  tile: LocalAccessor[float32, 1]):
;   tile[l] = x[g]; barrier; y[g] = tile[L - 1 - l]
; The accessor arrives as a local pointer plus its extent (native ABI).
define spir_kernel void @reverse_in_group(i64 %r0, i64 %r1, i64 %r2,
                                          ptr addrspace(1) %x, i64 %xn,
                                          ptr addrspace(1) %y, i64 %yn,
                                          ptr addrspace(3) %tile, i64 %tn) {
entry:
  %g = call spir_func i64 @_Z13get_global_idj(i32 0)
  %l = call spir_func i64 @_Z12get_local_idj(i32 0)
  %size = call spir_func i64 @_Z14get_local_sizej(i32 0)
  %xp = getelementptr float, ptr addrspace(1) %x, i64 %g
  %xv = load float, ptr addrspace(1) %xp
  %tp = getelementptr float, ptr addrspace(3) %tile, i64 %l
  store float %xv, ptr addrspace(3) %tp
  call spir_func void @_Z7barrierj(i32 1)
  %last = sub i64 %size, 1
  %mirror = sub i64 %last, %l
  %mp = getelementptr float, ptr addrspace(3) %tile, i64 %mirror
  %mv = load float, ptr addrspace(3) %mp
  %yp = getelementptr float, ptr addrspace(1) %y, i64 %g
  store float %mv, ptr addrspace(1) %yp
  ret void
}

; checked_store(item, u: float32[m, n], i: int64, j: int64, v: float32),
; compiled "with -g": what the compiler's bounds check does for the store
; u[i, j] = v at line 12, column 9. Work-item 0 only. The DebugRecord
; pointer comes last (native ABI item 3).
define spir_kernel void @checked_store(i64 %r0, i64 %r1, i64 %r2,
                                       ptr addrspace(1) %u, i64 %u0, i64 %u1,
                                       i64 %i, i64 %j, float %v,
                                       ptr addrspace(1) %rec) {
entry:
  %g = call spir_func i64 @_Z13get_global_idj(i32 0)
  %first = icmp ult i64 %g, 1
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
  ; Zero constants are avoided throughout: llvm-spirv-15 (the SPIR path of
  ; PoCL) rejects OpConstantNull of scalars.
  %old = atomicrmw xchg ptr addrspace(1) %rec, i32 1 syncscope("device") seq_cst
  %first_failure = icmp ult i32 %old, 1
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

; spin(y: float32[n], steps: int64): y[i] = a float recurrence of `steps`
; iterations, a kernel slow enough to observe work still pending.
define spir_kernel void @spin(i64 %r0, i64 %r1, i64 %r2,
                              ptr addrspace(1) %y, i64 %yn, i64 %steps) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %inside = icmp ult i64 %i, %r0
  br i1 %inside, label %loop, label %exit
loop:
  %k = phi i64 [ 1, %entry ], [ %next, %loop ]
  %acc = phi float [ 1.0, %entry ], [ %acc2, %loop ]
  %acc1 = fmul float %acc, 0x3FEFFFFFC0000000
  %acc2 = fadd float %acc1, 1.0
  %next = add i64 %k, 1
  %more = icmp ult i64 %next, %steps
  br i1 %more, label %loop, label %done
done:
  %yp = getelementptr float, ptr addrspace(1) %y, i64 %i
  store float %acc2, ptr addrspace(1) %yp
  br label %exit
exit:
  ret void
}
