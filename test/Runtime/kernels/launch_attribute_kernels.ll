; Test kernels for CUDA launch attributes (LaunchAttributeCuda*Test.cpp) in
; the native Kiln ABI; built to PTX at build time with
; llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 (clusters and griddepcontrol
; need sm_90 / PTX 7.8). Grid, cluster and PDL features come from special
; registers and inline PTX, as the cooperative-groups-free way to use them.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

; grid_exchange(nd: NdItem, stage: int32[n], out: int32[n], counter: int32[1])
; A grid barrier from a global counter: thread 0 of block b writes
; stage[b] = 3b + 1, counts itself in, spins until all nctaid blocks have
; arrived, then copies the neighbour's value: out[b] = stage[(b + 1) % n].
; Only a cooperative launch guarantees every block is resident, i.e. that
; the spin ends.
define ptx_kernel void @grid_exchange(i64 %r0, i64 %r1, i64 %r2,
                                      ptr addrspace(1) %stage, i64 %sn,
                                      ptr addrspace(1) %out, i64 %on,
                                      ptr addrspace(1) %counter, i64 %cn) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %arrive, label %exit
arrive:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %b64 = zext i32 %b to i64
  %b3 = mul i32 %b, 3
  %mine = add i32 %b3, 1
  %sp = getelementptr i32, ptr addrspace(1) %stage, i64 %b64
  store volatile i32 %mine, ptr addrspace(1) %sp
  fence syncscope("device") seq_cst
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 syncscope("device") monotonic
  br label %spin
spin:
  %seen = load volatile i32, ptr addrspace(1) %counter
  %waiting = icmp ult i32 %seen, %n
  br i1 %waiting, label %spin, label %release
release:
  fence syncscope("device") seq_cst
  %next = add i32 %b, 1
  %wrap = urem i32 %next, %n
  %w64 = zext i32 %wrap to i64
  %np = getelementptr i32, ptr addrspace(1) %stage, i64 %w64
  %theirs = load volatile i32, ptr addrspace(1) %np
  %op = getelementptr i32, ptr addrspace(1) %out, i64 %b64
  store i32 %theirs, ptr addrspace(1) %op
  br label %exit
exit:
  ret void
}

; cluster_ids(nd: NdItem, ids: int32[3 * blocks]): thread 0 of block b
; writes %cluster_ctarank, %clusterid.x and %cluster_nctarank to
; ids[3b .. 3b + 2]. Without a cluster launch every block is a cluster of
; one: (0, b, 1).
define ptx_kernel void @cluster_ids(i64 %r0, i64 %r1, i64 %r2,
                                    ptr addrspace(1) %ids, i64 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %write, label %exit
write:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %rank = call i32 asm "mov.u32 $0, %cluster_ctarank;", "=r"()
  %cid = call i32 asm "mov.u32 $0, %clusterid.x;", "=r"()
  %size = call i32 asm "mov.u32 $0, %cluster_nctarank;", "=r"()
  %b64 = zext i32 %b to i64
  %base = mul i64 %b64, 3
  %p0 = getelementptr i32, ptr addrspace(1) %ids, i64 %base
  store i32 %rank, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i64 1
  store i32 %cid, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i64 2
  store i32 %size, ptr addrspace(1) %p2
  br label %exit
exit:
  ret void
}

; produce(x: int32[n], delay: int64): lets a programmatic dependent launch
; start (griddepcontrol.launch_dependents), waits `delay` microseconds of
; %globaltimer, then writes x[i] = 2i + 1. Outside a PDL pair the
; griddepcontrol is a no-op.
define ptx_kernel void @produce(i64 %r0, i64 %r1, i64 %r2,
                                ptr addrspace(1) %x, i64 %xn, i64 %delay) {
entry:
  call void asm sideeffect "griddepcontrol.launch_dependents;", ""()
  %ns = mul i64 %delay, 1000
  %start = call i64 asm sideeffect "mov.u64 $0, %globaltimer;", "=l"()
  br label %sleep
sleep:
  %now = call i64 asm sideeffect "mov.u64 $0, %globaltimer;", "=l"()
  %elapsed = sub i64 %now, %start
  %more = icmp ult i64 %elapsed, %ns
  br i1 %more, label %nap, label %work
nap:
  call void asm sideeffect "nanosleep.u32 100;", ""()
  br label %sleep
work:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i32 = add i32 %base, %tid
  %i = zext i32 %i32 to i64
  %inside = icmp ult i64 %i, %r0
  br i1 %inside, label %body, label %exit
body:
  %twice = shl i32 %i32, 1
  %v = add i32 %twice, 1
  %xp = getelementptr i32, ptr addrspace(1) %x, i64 %i
  store i32 %v, ptr addrspace(1) %xp
  br label %exit
exit:
  ret void
}

; consume(x: int32[n], y: int32[n]): waits for the grids it depends on
; (griddepcontrol.wait: complete, memory visible), then y[i] = x[i] + 1.
define ptx_kernel void @consume(i64 %r0, i64 %r1, i64 %r2,
                                ptr addrspace(1) %x, i64 %xn,
                                ptr addrspace(1) %y, i64 %yn) {
entry:
  call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i32 = add i32 %base, %tid
  %i = zext i32 %i32 to i64
  %inside = icmp ult i64 %i, %r0
  br i1 %inside, label %body, label %exit
body:
  %xp = getelementptr i32, ptr addrspace(1) %x, i64 %i
  %xv = load i32, ptr addrspace(1) %xp
  %v = add i32 %xv, 1
  %yp = getelementptr i32, ptr addrspace(1) %y, i64 %i
  store i32 %v, ptr addrspace(1) %yp
  br label %exit
exit:
  ret void
}
