# RUN: kilnc %s -g --arg-block-entries --target llvm --emit llvm-ir | FileCheck %s
# RUN: kilnc %s -g --arg-block-entries --target llvm --llvm-for ptx -O2 | FileCheck %s --check-prefix=OPT
# In debug mode the DebugRecord pointer stays the entry's last, direct
# argument, and the copy of the entry point gets its own subprogram (the
# module passes the verifier through -O2).

@kernel
def check(item: Item, n: int32, x: Array[float32]):
    i = item.get_id(0)
    assert n > 0
    x[i] = x[i] + 1.0

# CHECK: define spir_kernel void @check__kiln_argblock(i64 %0, i64 %1, i64 %2, i64 %3, ptr addrspace(1) readonly %argument_block, i64 %argument_block_size, i64 %argument_block_offset, ptr addrspace(1) %4) {{.*}}!dbg ![[SP:[0-9]+]]
# CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "check"

# OPT: define ptx_kernel void @check__kiln_argblock(
