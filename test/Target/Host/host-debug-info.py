# RUN: kilnc %s --target host -g --emit=llvm-ir-opt | FileCheck %s
# Debug mode: the work-group function gets a subprogram of its own
# (artificial, at the kernel's line), so the inlined kernel keeps its
# source lines; the bounds checks report through the DebugRecord pointer,
# the last native argument.
from kiln import kernel, Item, Array, float32


@kernel
def shift(item: Item, a: Array[float32], b: Array[float32]):
    i = item.get_id(0)
    b[i] = a[i + 1]

# CHECK: define void @shift(ptr {{.*}}%args, ptr {{.*}}%group) {{.*}}!dbg [[SP:![0-9]+]]
# CHECK: cmpxchg
# CHECK: [[SP]] = distinct !DISubprogram(name: "shift", {{.*}}line: 10,{{.*}}flags: DIFlagArtificial
