# RUN: kilnc %s -g --target ptx -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: kilnc %s --target ptx -o - | FileCheck %s --check-prefix=RELEASE
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
# Debug mode's line info on PTX (spec §7): the NVPTX back end writes the
# DILocations as `.loc FILE LINE COL` for the kernel source; the assert's
# condition (line 22) and the bounds-checked load and store (line 23) carry
# their own lines. Without -g there is no line info.
# CHECK: .visible .entry k(
# CHECK: .loc 1 22 {{[0-9]+}}
# CHECK: setp.gt.s32
# CHECK: .loc 1 23 {{[0-9]+}}
# CHECK: ld.global
# CHECK: .loc 1 23 5
# CHECK: st.global
# CHECK: .file 1 "{{.*}}ptx-line-info.py"
# RELEASE-NOT: .loc
# RELEASE-NOT: .file
@kernel
def k(item: Item, a: Array[float32], n: int32):
    i = item.get_id(0)
    assert n > 0
    a[i] = a[i] * 2.0
